// Opens the HTML report in headless Chromium: the index and one game page
// must load without console errors, and the rule filter must narrow the
// table. Takes screenshots of both.
//
//   node scripts/browser-check.mjs SITE_DIR SCREENSHOT_DIR
import { chromium } from "playwright-core";
import path from "node:path";

const [site, shots] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const failures = [];
const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
page.on("console", (msg) => { if (msg.type() === "error") failures.push(`console error: ${msg.text()}`); });
page.on("pageerror", (err) => failures.push(`page error: ${err.message}`));
page.on("requestfailed", (req) => failures.push(`request failed: ${req.url()}`));

await page.goto("file://" + path.resolve(site, "index.html"));
const rows = await page.locator("#games tbody tr").count();
// Flagged games first: no error, correction or review after a game that
// only has incidents.
const order = await page.locator("#games tbody tr").evaluateAll(rs => rs.map(r => r.dataset.status));
const rank = { error: 0, corrected: 1, review: 2 };
if (order.some((s, i) => i > 0 && (rank[s] ?? 3) < (rank[order[i - 1]] ?? 3))) failures.push(`flagged games are not first: ${order.join(" ")}`);

if (rows < 2) failures.push(`the index lists ${rows} games; the samples have more to review`);
// The top of the page: the index lists every game, a thousand rows here.
await page.screenshot({ path: path.join(shots, "index.png"), fullPage: true, clip: { x: 0, y: 0, width: 1200, height: 1400 } });

// Filtering by one rule must leave fewer rows, and at least one.
const rules = await page.locator("#rule option").allTextContents();
const rule = rules.find((r) => r !== "all");
await page.selectOption("#rule", rule);
const visible = await page.locator("#games tbody tr:not([hidden])").count();
if (!(visible > 0 && visible < rows)) failures.push(`filter "${rule}" shows ${visible} of ${rows} rows`);
await page.selectOption("#rule", "");
// Sorting by a column keeps every row.
await page.click("#games th:nth-child(3)");
if ((await page.locator("#games tbody tr").count()) !== rows) failures.push("sorting lost rows");

// One game page: its boards and, where clocks were recorded, the chart.
// The index lists errors and games whose only findings are incidents, and
// its page names are ones a person can read.
if ((await page.locator('#games tbody tr[data-status="error"]').count()) < 1) failures.push("no error row in the index");
const incidentsOnly = page.locator('#games tbody tr[data-status="confirmed"]').filter({ hasNot: page.locator("td.incidents:empty") });
if ((await incidentsOnly.count()) < 1) failures.push("no incidents-only game in the index");
for (const href of await page.locator("#games tbody td.game a").evaluateAll(as => as.map(a => a.getAttribute("href")))) {
  if (!/^games\/[a-z0-9_-]+-[0-9]+\.html$/.test(href)) failures.push(`page name not readable: ${href}`);
}
// A win on time that stands: its page steps through the helpmate.
const flagged = page.locator('#games tbody tr[data-rule="15.4.3"][data-status="confirmed"]').first().locator("td.game a");
await flagged.click();
await page.waitForLoadState("load");
const boards = await page.locator("svg.board").count();
if (boards < 1) failures.push("the game page shows no board");
if ((await page.locator("#reason").textContent()).trim().length < 20) failures.push("the game page has no reason");
if ((await page.locator("pre.pgn").count()) !== 1) failures.push("the game page has no PGN");
// The move list: numbered once (by move, not by ply too), each entry and
// its clock within its column; the board has its coordinates.
if ((await page.locator("ol.moves").count()) > 0) failures.push("the move list is an ordered list: numbered twice");
const first = (await page.locator(".moves button").first().textContent()).trim();
if (!/^1\.\s*\S/.test(first)) failures.push(`the first move reads "${first}"`);
const spill = await page.locator(".moves li").evaluateAll(ls => ls.filter(l => l.scrollWidth > l.clientWidth + 1).length);
if (spill) failures.push(`${spill} move-list entries spill into the next column`);
for (const edge of ["data-file", "data-rank"]) {
  const n = await page.locator(`#board [${edge}]`).count();
  if (n !== 8) failures.push(`the board has ${n} ${edge} coordinates, not 8`);
}
// The move list: a click shows the board after that move.
const before = await page.locator("#board").innerHTML();
await page.locator(".moves button").first().click();
if ((await page.locator("#board").getAttribute("data-ply")) !== "1") failures.push("a move click does not choose the board");
if ((await page.locator("#board").innerHTML()) === before) failures.push("a move click does not change the board");
// The helpmate steps from the position judged to the mate.
if (await page.locator("#mate-board").count()) {
  await page.click("#mate-last");
  const last = await page.locator("#mate-step").textContent();
  if (!last.includes("#")) failures.push(`the helpmate does not step to a mate: ${last}`);
  await page.click("#mate-first");
  await page.click("#mate-next");
  if (!(await page.locator("#mate-step").textContent()).startsWith("ply 1 of")) failures.push("the helpmate cannot be stepped");
} else {
  failures.push("the time-forfeit page shows no helpmate");
}
await page.screenshot({ path: path.join(shots, "game.png"), fullPage: true });

// Contrast (WCAG AA) on both pages, by axe-core run in the page.
const axe = { path: process.env.AXE_PATH };
let contrastChecked = 0;
for (const url of [path.resolve(site, "index.html"), page.url().replace("file://", "")]) {
  await page.goto("file://" + url);
  await page.addScriptTag(axe);
  const result = await page.evaluate(() => axe.run(document, { runOnly: ["color-contrast"] }));
  contrastChecked += result.passes.reduce((n, rule) => n + rule.nodes.length, 0) + result.violations.length;
  for (const v of result.violations) {
    for (const node of v.nodes.slice(0, 5)) failures.push(`${v.id} on ${path.basename(url)}: ${node.target.join(" ")}: ${node.failureSummary.split("\n").slice(1).join(" ")}`);
  }
}
// A laptop and a phone: the first row's status and correct result are in
// view without scrolling sideways, and the page is no wider than the screen.
async function firstRowInView(width, height, shot) {
  const view = await browser.newPage({ viewport: { width, height } });
  await view.goto("file://" + path.resolve(site, "index.html"));
  const first = view.locator("#games tbody tr").first();
  for (const cell of ["td.status", "td.result"]) {
    const box = await first.locator(cell).boundingBox();
    if (!box || box.x < 0 || box.x + box.width > width) failures.push(`${width} px: the first row's ${cell} is not in view (${JSON.stringify(box)})`);
  }
  if (await view.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)) failures.push(`the index is wider than a ${width} px screen`);
  await view.screenshot({ path: path.join(shots, shot) });
  return view;
}
await firstRowInView(1280, 800, "index-1280.png");
const phone = await firstRowInView(390, 844, "index-phone.png");
await phone.goto(page.url());
await phone.screenshot({ path: path.join(shots, "game-phone.png"), fullPage: true });

await browser.close();
console.log(`index: ${rows} games, filter "${rule}": ${visible} shown; game page: ${boards} board(s), move list and helpmate stepped; contrast: ${contrastChecked} elements checked`);
if (contrastChecked < 50) failures.push(`axe checked the contrast of only ${contrastChecked} elements`);
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
