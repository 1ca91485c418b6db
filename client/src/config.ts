// Reads `torchlint.*` through the VS Code API; the parsing itself is in settings.ts.

import * as vscode from "vscode";
import {
  defaultsFromManifest,
  parseSettings,
  toServerSettings,
  type Defaults,
  type ServerSettings,
  type Settings,
} from "./settings";

/** One server serves the window: window-wide choices (the interpreter) use the first folder. */
export function serverScope(): vscode.Uri | undefined {
  return vscode.workspace.workspaceFolders?.[0]?.uri;
}

export class SettingsReader {
  private readonly defaults: Defaults;
  private reported = new Set<string>();

  constructor(
    manifest: unknown,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.defaults = defaultsFromManifest(manifest);
  }

  read(scope?: vscode.Uri): Settings {
    const config = vscode.workspace.getConfiguration("torchlint", scope);
    const { settings, problems } = parseSettings((key) => config.get(key), this.defaults);
    // Settings are read on every change and every server request: say each problem once.
    for (const problem of problems) {
      if (!this.reported.has(problem)) this.log.warn(problem);
    }
    this.reported = new Set(problems);
    return settings;
  }

  forServer(scope?: vscode.Uri): ServerSettings {
    return toServerSettings(this.read(scope), vscode.workspace.isTrusted);
  }
}
