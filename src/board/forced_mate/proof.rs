//! The proof search behind [`super::forced_mate`]: a graph of the
//! positions reachable from the question's, one node a position however it
//! is reached, grown best first by proof numbers (where a mate looks
//! nearest, the fewest defences left to refute; where a refutation looks
//! nearest, the fewest tries), and solved exactly over what has been grown.
//!
//! The solving is a retrograde pass over the graph, as endgame tables are
//! made: a mate is a position where the defence is mated, or where the
//! attacker has a move to a mate, or where every defence leads to one; the
//! defence holds where no such proof can exist even counting every
//! position not yet grown as a mate — it can always reach a position where
//! the attacker can never mate (a bare king, a knight against a queen:
//! chasolver's sound fast check), a stalemate, or go round a cycle of
//! positions for ever. Both answers are proofs; where neither comes within
//! the bound, the answer is open.

use rustc_hash::FxHashMap;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position};

use crate::board::helpmate::cannot_mate_fast;

/// A proof or disproof number: how many positions must still be solved.
type Number = u32;
const INFINITE: Number = Number::MAX;

/// Descents into cycles between two solvings.
const STUCK_SOLVE: u32 = 64;

/// What the search proved about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Proved {
    /// A forced mate: its main line (the longest defence, the quickest mate
    /// against it, among the positions grown).
    Mate(Vec<Move>),
    /// The defence holds for ever.
    NoMate,
    /// The bound was reached first.
    Open,
}

/// A node's place in the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Not grown yet.
    Frontier,
    Grown,
    /// The defence is mated here.
    Mated,
    /// The game cannot end in the attacker's mate from here: a stalemate,
    /// the attacker without a move, or unable ever to mate.
    Over,
}

/// What solving the graph proved of a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    /// The attacker mates in `plies`.
    Mate { plies: u16 },
    /// The defence holds.
    Holds,
}

#[derive(Debug, Clone)]
struct Node {
    first_edge: u32,
    edges: u8,
    /// The attacker is to move.
    attacking: bool,
    /// On the line the descent is following.
    on_path: bool,
    state: State,
    verdict: Option<Verdict>,
    proof: Number,
    disproof: Number,
}

/// Whether `attacker` can force mate from `pos`, growing at most `limit`
/// positions.
pub(super) fn prove(pos: &Chess, attacker: Color, limit: u32) -> Proved {
    let mut graph = Graph {
        attacker,
        nodes: Vec::new(),
        index: FxHashMap::default(),
        edges: Vec::new(),
        moves: Vec::new(),
        limit,
    };
    graph.add(pos);
    graph.grow(pos);
    match graph.nodes[0].verdict {
        Some(Verdict::Mate { .. }) => Proved::Mate(graph.main_line(pos.clone())),
        Some(Verdict::Holds) => Proved::NoMate,
        None => Proved::Open,
    }
}

struct Graph {
    attacker: Color,
    nodes: Vec<Node>,
    /// The node of each position, by its Zobrist key.
    index: FxHashMap<u64, u32>,
    /// Each grown node's children, and the moves to them.
    edges: Vec<u32>,
    moves: Vec<Move>,
    limit: u32,
}

impl Graph {
    /// Grows the graph from the root (at `pos`) until the root is solved or
    /// the bound is reached, solving it exactly each time it has doubled.
    fn grow(&mut self, pos: &Chess) {
        let mut solve_at = 64;
        // Descents that ran into cycles and grew nothing: the solving
        // decides them, and a bound on them ends a search that only goes
        // round.
        let (mut stuck, mut stuck_in_all) = (0, 0);
        loop {
            if self.nodes[0].verdict.is_some() || stuck_in_all > self.limit {
                return;
            }
            // A zero number is a proof already: the solving gives it.
            let root = &self.nodes[0];
            let proved = root.proof == 0 || root.disproof == 0;
            let full = self.nodes.len() as u32 >= self.limit;
            if proved || full || self.nodes.len() >= solve_at || stuck >= STUCK_SOLVE {
                self.solve();
                (solve_at, stuck) = (self.nodes.len() * 2, 0);
                if self.nodes[0].verdict.is_some() || full {
                    return;
                }
            }
            match self.most_proving(pos) {
                Some((path, at)) => {
                    let node = *path.last().expect("a path holds the root");
                    self.expand(node, &at);
                    self.update(&path);
                }
                None => (stuck, stuck_in_all) = (stuck + 1, stuck_in_all + 1),
            }
        }
    }

    /// The frontier node whose solving helps most, the line to it and its
    /// position; `None` when the descent reaches a node whose every way on
    /// is solved or closes a cycle of the line: what the solving decides.
    /// Its numbers are then raised, so that the next descent tries
    /// elsewhere.
    fn most_proving(&mut self, pos: &Chess) -> Option<(Vec<u32>, Chess)> {
        let mut path = vec![0];
        let mut at = pos.clone();
        self.nodes[0].on_path = true;
        let found = loop {
            let node = *path.last().expect("a path holds the root");
            let n = &self.nodes[node as usize];
            if n.state == State::Frontier {
                break true;
            }
            let attacking = n.attacking;
            let open = self.edge_range(node).filter(|&e| {
                let c = &self.nodes[self.edges[e] as usize];
                !c.solved() && !c.on_path
            });
            let best = open.min_by_key(|&e| {
                let c = &self.nodes[self.edges[e] as usize];
                if attacking { c.proof } else { c.disproof }
            });
            let Some(best) = best else { break false };
            at.play_unchecked(self.moves[best]);
            let child = self.edges[best];
            self.nodes[child as usize].on_path = true;
            path.push(child);
        };
        for &node in &path {
            self.nodes[node as usize].on_path = false;
        }
        if found {
            return Some((path, at));
        }
        let stuck = path.pop().expect("a path holds the root");
        let n = &mut self.nodes[stuck as usize];
        (n.proof, n.disproof) = (INFINITE - 1, INFINITE - 1);
        self.update(&path);
        None
    }

    fn edge_range(&self, node: u32) -> std::ops::Range<usize> {
        let n = &self.nodes[node as usize];
        n.first_edge as usize..n.first_edge as usize + usize::from(n.edges)
    }

    /// Grows `node` (at `pos`): a node for each position its moves reach,
    /// new or met before.
    fn expand(&mut self, node: u32, pos: &Chess) {
        let moves = pos.legal_moves();
        let first = self.edges.len() as u32;
        for &m in &moves {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let child = match self.index.get(&key(&next)) {
                Some(&child) => child,
                None => self.add(&next),
            };
            self.edges.push(child);
            self.moves.push(m);
        }
        let n = &mut self.nodes[node as usize];
        n.first_edge = first;
        n.edges = moves.len() as u8;
        n.state = State::Grown;
    }

    /// A node for `pos`, solved where it can be at once.
    fn add(&mut self, pos: &Chess) -> u32 {
        let key = key(pos);
        let attacking = pos.turn() == self.attacker;
        let moves = pos.legal_moves().len() as Number;
        let state = if moves == 0 && !attacking && pos.is_check() {
            State::Mated
        } else if moves == 0 || cannot_mate_fast(pos, self.attacker) {
            State::Over
        } else {
            State::Frontier
        };
        // The fewer tries, the nearer a refutation; the fewer replies, the
        // nearer a proof.
        let (proof, disproof) = match (state, attacking) {
            (State::Mated, _) => (0, INFINITE),
            (State::Over, _) => (INFINITE, 0),
            (_, true) => (1, moves),
            (_, false) => (moves, 1),
        };
        let at = self.nodes.len() as u32;
        self.nodes.push(Node {
            first_edge: 0,
            edges: 0,
            attacking,
            on_path: false,
            state,
            verdict: None,
            proof,
            disproof,
        });
        self.index.insert(key, at);
        at
    }

    /// Recomputes the numbers along `path`, from its end to the root.
    fn update(&mut self, path: &[u32]) {
        for &node in path.iter().rev() {
            if self.nodes[node as usize].verdict.is_some() {
                continue;
            }
            let kids = self
                .edge_range(node)
                .map(|e| &self.nodes[self.edges[e] as usize]);
            let (proof, disproof) = match self.nodes[node as usize].attacking {
                true => kids.fold((INFINITE, 0), |(p, d): (Number, Number), c| {
                    (p.min(c.proof), d.saturating_add(c.disproof))
                }),
                false => kids.fold((0, INFINITE), |(p, d): (Number, Number), c| {
                    (p.saturating_add(c.proof), d.min(c.disproof))
                }),
            };
            let n = &mut self.nodes[node as usize];
            (n.proof, n.disproof) = (proof, disproof);
        }
    }
}

impl Graph {
    /// Solves the graph grown so far exactly: every position a mate is
    /// proved from (with its plies to mate), and every position from which
    /// the defence holds whatever the positions not yet grown turn out to
    /// be.
    fn solve(&mut self) {
        let parents = self.parents();
        let mates = self.mates(&parents, |s| s == State::Mated);
        let maybe = self.mates(&parents, |s| matches!(s, State::Mated | State::Frontier));
        for (node, n) in self.nodes.iter_mut().enumerate() {
            n.verdict = match (mates[node], maybe[node], n.state) {
                (Some(plies), ..) => Some(Verdict::Mate { plies }),
                (None, None, State::Grown | State::Over) => Some(Verdict::Holds),
                _ => None,
            };
            (n.proof, n.disproof) = match n.verdict {
                Some(Verdict::Mate { .. }) => (0, INFINITE),
                Some(Verdict::Holds) => (INFINITE, 0),
                None => (n.proof.max(1), n.disproof.max(1)),
            };
        }
    }

    /// Each node's parents by the graph's edges, packed: the parents of
    /// node `i` are `list[start[i]..start[i + 1]]`.
    fn parents(&self) -> Parents {
        let mut start = vec![0u32; self.nodes.len() + 1];
        let grown = |n: &Node| n.state == State::Grown;
        for node in (0..self.nodes.len() as u32).filter(|&n| grown(&self.nodes[n as usize])) {
            for e in self.edge_range(node) {
                start[self.edges[e] as usize + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut list = vec![0u32; start[self.nodes.len()] as usize];
        let mut filled = start.clone();
        for node in (0..self.nodes.len() as u32).filter(|&n| grown(&self.nodes[n as usize])) {
            for e in self.edge_range(node) {
                let child = self.edges[e] as usize;
                list[filled[child] as usize] = node;
                filled[child] += 1;
            }
        }
        Parents { start, list }
    }

    /// The least set closed under "the attacker has a move into it, or every
    /// defence leads into it", grown from the nodes `seed` picks: each
    /// member's plies to reach a seed, the longest defence against the
    /// quickest attack (a retrograde pass, breadth first).
    fn mates(&self, parents: &Parents, seed: impl Fn(State) -> bool) -> Vec<Option<u16>> {
        let mut plies = vec![None; self.nodes.len()];
        let mut left: Vec<u16> = self.nodes.iter().map(|n| u16::from(n.edges)).collect();
        let mut queue = std::collections::VecDeque::new();
        for (node, n) in self.nodes.iter().enumerate() {
            if seed(n.state) {
                plies[node] = Some(0);
                queue.push_back(node as u32);
            }
        }
        while let Some(node) = queue.pop_front() {
            let after = plies[node as usize].unwrap_or(0u16).saturating_add(1);
            let node = node as usize;
            for &parent in
                &parents.list[parents.start[node] as usize..parents.start[node + 1] as usize]
            {
                let p = parent as usize;
                if plies[p].is_some() {
                    continue;
                }
                left[p] -= 1;
                if self.nodes[p].attacking || left[p] == 0 {
                    plies[p] = Some(after);
                    queue.push_back(parent);
                }
            }
        }
        plies
    }

    /// The main line of a proved mate from the root (at `pos`): the
    /// defence that holds out longest, the quickest mate against it.
    fn main_line(&self, mut pos: Chess) -> Vec<Move> {
        let plies = |node: u32| match self.nodes[node as usize].verdict {
            Some(Verdict::Mate { plies }) => Some(plies),
            _ => None,
        };
        let mut line = Vec::new();
        let mut node = 0;
        while let Some(left) = plies(node).filter(|&p| p > 0) {
            let attacking = self.nodes[node as usize].attacking;
            let next = self
                .edge_range(node)
                .filter(|&e| plies(self.edges[e]).is_some_and(|p| p < left));
            let next = match attacking {
                true => next.min_by_key(|&e| plies(self.edges[e])),
                false => next.max_by_key(|&e| plies(self.edges[e])),
            };
            let Some(next) = next else { break };
            pos.play_unchecked(self.moves[next]);
            line.push(self.moves[next]);
            node = self.edges[next];
        }
        line
    }
}

impl Node {
    /// Whether a proof either way is in hand: solved, or a zero number.
    fn solved(&self) -> bool {
        self.proof == 0 || self.disproof == 0
    }
}

/// The parents of every node, packed.
struct Parents {
    start: Vec<u32>,
    list: Vec<u32>,
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}
