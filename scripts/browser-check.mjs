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
if (rows < 2) failures.push(`the index lists ${rows} games; the samples have more to review`);
await page.screenshot({ path: path.join(shots, "index.png"), fullPage: true });

// Filtering by one rule must leave fewer rows, and at least one.
const rules = await page.locator("#rule option").allTextContents();
const rule = rules.find((r) => r !== "all");
await page.selectOption("#rule", rule);
const visible = await page.locator("#games tbody tr:not([hidden])").count();
if (!(visible > 0 && visible < rows)) failures.push(`filter "${rule}" shows ${visible} of ${rows} rows`);
await page.selectOption("#rule", "");
// Sorting by a column keeps every row.
await page.click("#games th:nth-child(12)");
if ((await page.locator("#games tbody tr").count()) !== rows) failures.push("sorting lost rows");

// One game page: its boards and, where clocks were recorded, the chart.
// The index lists errors and games whose only findings are incidents, and
// its page names are ones a person can read.
if ((await page.locator('#games tbody tr[data-status="error"]').count()) < 1) failures.push("no error row in the index");
const incidentsOnly = page.locator('#games tbody tr[data-status="confirmed"]').filter({ hasNot: page.locator("td:nth-child(13):empty") });
if ((await incidentsOnly.count()) < 1) failures.push("no incidents-only game in the index");
for (const href of await page.locator("#games tbody td:nth-child(2) a").evaluateAll(as => as.map(a => a.getAttribute("href")))) {
  if (!/^games\/[a-z0-9_-]+-[0-9]+\.html$/.test(href)) failures.push(`page name not readable: ${href}`);
}
const flagged = page.locator("#games tbody tr", { hasText: "15.4.3" }).first().locator("td:nth-child(2) a");
await flagged.click();
await page.waitForLoadState("load");
const boards = await page.locator("svg.board").count();
if (boards < 1) failures.push("the game page shows no board");
if ((await page.locator("#reason").textContent()).trim().length < 20) failures.push("the game page has no reason");
if ((await page.locator("pre.pgn").count()) !== 1) failures.push("the game page has no PGN");
await page.screenshot({ path: path.join(shots, "game.png"), fullPage: true });

await browser.close();
console.log(`index: ${rows} games, filter "${rule}": ${visible} shown; game page: ${boards} board(s)`);
if (failures.length) {
  console.error(failures.join("\n"));
  process.exit(1);
}
