// The language-status item ("{}" in the status bar of a Python file) showing the server state.

import * as vscode from "vscode";

export type ServerState =
  | { kind: "starting" }
  | { kind: "running"; detail: string }
  | { kind: "stopped" }
  | { kind: "failed"; detail: string };

export class ServerStatus implements vscode.Disposable {
  private readonly item = vscode.languages.createLanguageStatusItem("torchlint.server", [
    { language: "python" },
  ]);

  constructor() {
    this.item.name = "torchlint";
    this.item.command = { title: "Show Output", command: "torchlint.showOutput" };
    this.set({ kind: "stopped" });
  }

  set(state: ServerState): void {
    this.item.busy = state.kind === "starting";
    this.item.severity =
      state.kind === "failed"
        ? vscode.LanguageStatusSeverity.Error
        : vscode.LanguageStatusSeverity.Information;
    this.item.text = `torchlint: ${state.kind}`;
    this.item.detail = "detail" in state ? state.detail : undefined;
  }

  dispose(): void {
    this.item.dispose();
  }
}
