// Drives a real VS Code (code-server) in Debian's Chromium through its UI, as a user would:
// diagnostics as squiggles and in the Problems panel, a dtype in a hover, a quick fix from
// the light bulb, and a setting changed while the server runs. Started by run_vscode.sh,
// which serves the workbench and installed the .vsix; a screenshot is saved at every step.
//
// Env: CS_URL (workbench URL with ?folder=), WORKSPACE (that folder), OUT_DIR (screenshots),
// USER_DATA_DIR (code-server's, for the extension's log), SERVER_PYTHON (the interpreter the
// user settings give the server).

import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { chromium, type Locator, type Page } from "playwright-core";

const FILE = "autograd_mistakes.py";
const SERVER_WAIT = 120_000; // the first diagnostics: server start and a cold import
const UI_WAIT = 30_000;

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (run tests/e2e/run_vscode.sh)`);
  return value;
};
const URL = env("CS_URL");
const WORKSPACE = env("WORKSPACE");
const OUT = env("OUT_DIR");
const USER_DATA = env("USER_DATA_DIR");
const SERVER_PYTHON = env("SERVER_PYTHON");

const t0 = Date.now();
const log = (...parts: unknown[]) => {
  console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...parts);
};

// --- small views of the workbench -----------------------------------------------------

const problemRows = (page: Page): Locator => page.locator(".markers-panel .monaco-list-row");
const problemRow = (page: Page, code: string): Locator => problemRows(page).filter({ hasText: code });

/** The editor's visible lines, top to bottom, with Monaco's non-breaking spaces as spaces. */
async function editorLines(page: Page): Promise<string[]> {
  const lines = await page.locator(".monaco-editor .view-lines .view-line").evaluateAll((nodes) =>
    nodes
      .map((node) => ({ top: parseFloat((node as HTMLElement).style.top), text: node.textContent }))
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text),
  );
  return lines.map((line) => line.replace(/\u00a0/g, " "));
}

const editorLine = (page: Page, text: string): Locator =>
  page.locator(".monaco-editor .view-lines .view-line", { hasText: text });

/** Where the first character of the line containing `text` is drawn. */
async function lineStart(page: Page, text: string): Promise<{ x: number; y: number }> {
  const box = await editorLine(page, text).locator("span > span").first().boundingBox();
  if (!box) throw new Error(`the line with ${JSON.stringify(text)} is not on screen`);
  return { x: box.x + 3, y: box.y + box.height / 2 };
}

async function step(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(OUT, `${name}.png`) });
  log(`screenshot ${name}.png`);
}

// --- the scenario ------------------------------------------------------------------------

async function openFile(page: Page): Promise<void> {
  await page.goto(URL);
  await page.waitForSelector(".monaco-workbench", { timeout: 60_000 });
  log("workbench loaded");
  const row = page.locator(".explorer-folders-view .monaco-list-row", { hasText: FILE });
  await row.waitFor({ timeout: UI_WAIT });
  await row.click();
  await editorLine(page, "import torch").waitFor({ timeout: UI_WAIT });
  log("editor open");
}

async function diagnostics(page: Page): Promise<void> {
  await page.locator(".monaco-editor [class*='squiggly-']").first().waitFor({ timeout: SERVER_WAIT });
  log("squiggles visible");
  await page.keyboard.press("Control+Shift+M");
  for (const code of ["TL101", "TL201", "TL106"]) {
    await problemRow(page, code).first().waitFor({ timeout: UI_WAIT });
  }
  log("PROBLEMS", JSON.stringify(await problemRows(page).allInnerTexts()));
  const squiggles = await page.locator(".monaco-editor [class*='squiggly-']").count();
  if (squiggles < 3) throw new Error(`expected a squiggle per diagnostic, saw ${squiggles}`);
  await step(page, "1-diagnostics");
}

async function statusItem(page: Page): Promise<void> {
  // The language status ("{}" beside the language name) lists torchlint's state.
  await page.locator("#status\\.languageStatus").hover();
  const status = page.locator(".monaco-hover, .context-view", { hasText: "torchlint: running" });
  await status.first().waitFor({ state: "visible", timeout: UI_WAIT });
  log("STATUS", JSON.stringify(await status.first().innerText()));
  await step(page, "2-status");
  await page.mouse.move(0, 0);
}

async function hoverShowsDtype(page: Page): Promise<void> {
  // Over the `x` that starts `x = torch.randn(4, requires_grad=True)`.
  const { x, y } = await lineStart(page, "x = torch.randn(4");
  await page.mouse.move(x, y);
  const hover = page.locator(".monaco-hover", { hasText: "float32" });
  await hover.first().waitFor({ state: "visible", timeout: UI_WAIT });
  log("HOVER", JSON.stringify(await hover.first().innerText()));
  await step(page, "3-hover");
  await page.mouse.move(0, 0);
  await page.keyboard.press("Escape");
}

async function quickFixFromLightBulb(page: Page): Promise<void> {
  // Put the cursor in the TL101 range (`w.add_(1)`); the light bulb appears beside it.
  const { x, y } = await lineStart(page, "w.add_(1)");
  await page.mouse.click(x, y);
  const bulb = page.locator(".lightBulbWidget");
  await bulb.waitFor({ state: "visible", timeout: UI_WAIT });
  await bulb.click();
  const fix = page.locator(".action-widget .monaco-list-row", { hasText: "no_grad" });
  await fix.first().waitFor({ timeout: UI_WAIT });
  log("QUICK FIXES", JSON.stringify(await page.locator(".action-widget .monaco-list-row").allInnerTexts()));
  await step(page, "4-quick-fix-menu");
  await fix.first().click();

  await editorLine(page, "with torch.no_grad():").waitFor({ timeout: UI_WAIT });
  const lines = await editorLines(page);
  const at = lines.findIndex((line) => line.startsWith("with torch.no_grad():"));
  if (!lines[at + 1]?.startsWith("    w.add_(1)")) {
    throw new Error(`w.add_(1) is not indented under the new with-block:\n${lines.join("\n")}`);
  }
  await problemRow(page, "TL101").first().waitFor({ state: "detached", timeout: UI_WAIT });
  log("fix applied: w.add_(1) under torch.no_grad(), TL101 gone");
  await step(page, "5-fixed");
}

function writeWorkspaceSettings(settings: Record<string, unknown>): void {
  const file = path.join(WORKSPACE, ".vscode", "settings.json");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(settings, null, 2));
}

async function settingWithoutRestart(page: Page): Promise<void> {
  writeWorkspaceSettings({ "torchlint.ignore": ["TL201"] });
  await problemRow(page, "TL201").first().waitFor({ state: "detached", timeout: UI_WAIT });
  await problemRow(page, "TL106").first().waitFor({ timeout: UI_WAIT });
  const starts = serverStarts();
  if (starts !== 1) throw new Error(`the server was started ${starts} times; a setting must not restart it`);
  log("torchlint.ignore = [TL201] took effect, same server");
  await step(page, "6-ignore-setting");
}

/** Runs a command from the Command Palette by its title. */
async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press("F1");
  await page.keyboard.type(title);
  const row = page.locator(".quick-input-list .monaco-list-row", { hasText: title });
  await row.first().waitFor({ timeout: UI_WAIT });
  await page.keyboard.press("Enter");
}

async function probeNeedsOptIn(page: Page): Promise<void> {
  // The server's command, registered through the client, guarded by the client: off by default.
  await runCommand(page, "torchlint: Run Runtime Probe");
  const message = page.locator(".notifications-toasts .notification-toast", {
    hasText: "off until you turn on torchlint.probe.enabled",
  });
  await message.first().waitFor({ state: "visible", timeout: UI_WAIT });
  // A trial click waits until the toast has stopped sliding in, for the screenshot.
  await message.first().getByRole("button", { name: "Open Settings" }).click({ trial: true });
  log("probe refused while torchlint.probe.enabled is off");
  await step(page, "7-probe-opt-in");
  await runCommand(page, "Notifications: Clear All Notifications");
  await message.first().waitFor({ state: "detached", timeout: UI_WAIT });
}

async function unusableInterpreter(page: Page): Promise<void> {
  writeWorkspaceSettings({ "torchlint.ignore": ["TL201"], "torchlint.interpreter": ["/nonexistent/python3"] });
  const message = page.locator(".notifications-toasts .notification-toast", {
    hasText: "torchlint could not start",
  });
  await message.first().waitFor({ state: "visible", timeout: UI_WAIT });
  const texts = await page.locator(".notifications-toasts .notification-toast").allInnerTexts();
  const ours = texts.filter((text) => text.includes("torchlint"));
  log("NOTIFICATIONS", JSON.stringify(ours));
  if (ours.length !== 1 || !ours[0]?.includes("/nonexistent/python3") || ours[0].includes(" at ")) {
    throw new Error("expected one message naming the interpreter, without a stack trace");
  }
  await problemRow(page, "TL106").first().waitFor({ state: "detached", timeout: UI_WAIT });
  await step(page, "8-no-python");
  await page.keyboard.press("Escape"); // dismisses the toast
}

async function interpreterChangeRestarts(page: Page): Promise<void> {
  writeWorkspaceSettings({ "torchlint.ignore": ["TL201"], "torchlint.interpreter": [SERVER_PYTHON] });
  await problemRow(page, "TL106").first().waitFor({ timeout: SERVER_WAIT });
  const starts = serverStarts();
  if (starts !== 3) throw new Error(`expected a restart per interpreter change (3 starts), saw ${starts}`);
  log("torchlint.interpreter changed twice: restarted each time, diagnostics back");
  await step(page, "9-interpreter-restored");
}

/** How often the extension started a server, from its output channel's log file. */
function serverStarts(): number {
  const logs = fs
    .readdirSync(path.join(USER_DATA, "logs"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "torchlint.log");
  const text = logs.map((file) => fs.readFileSync(path.join(USER_DATA, "logs", file), "utf8")).join("");
  return text.split("Starting the server").length - 1;
}

async function main(): Promise<number> {
  fs.mkdirSync(OUT, { recursive: true });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "torchlint-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    viewport: { width: 1400, height: 850 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    await openFile(page);
    await diagnostics(page);
    await statusItem(page);
    await hoverShowsDtype(page);
    await quickFixFromLightBulb(page);
    await settingWithoutRestart(page);
    await probeNeedsOptIn(page);
    await unusableInterpreter(page);
    await interpreterChangeRestarts(page);
    log("PASS");
    return 0;
  } catch (error) {
    log("FAIL", error instanceof Error ? error.message : error);
    await page.screenshot({ path: path.join(OUT, "fail.png") }).catch(() => undefined);
    log("PROBLEMS at failure", JSON.stringify(await problemRows(page).allInnerTexts().catch(() => [])));
    return 1;
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

void main().then((code) => process.exit(code));
