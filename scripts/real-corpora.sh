# Sourced by the scripts that compare verdicts over the real games: sets
# `inputs` to the samples, tests/data and, where the checkout has them,
# ../shared's games, edge cases and attack files.
inputs=(samples tests/data)
for f in ../shared/data/games ../shared/data/edge-cases ../shared/data/adversarial; do
  [ -e "$f" ] && inputs+=("$f")
done
