// torchlint.runProbe. The server owns the command: vscode-languageclient registers it when the
// server advertises it, and `middleware` below guards each call (trusted workspace, probe
// enabled, a file to probe). While no server provides it, a stand-in explains why, so the
// palette entry always answers instead of "command not found".

import * as vscode from "vscode";
import type { ExecuteCommandSignature } from "vscode-languageclient/node";
import type { SettingsReader } from "./config";

export const RUN_PROBE = "torchlint.runProbe";

export class ProbeCommand implements vscode.Disposable {
  private standIn: vscode.Disposable | undefined;

  constructor(private readonly settings: SettingsReader) {
    this.provideStandIn();
  }

  readonly middleware = (
    command: string,
    args: unknown[],
    next: ExecuteCommandSignature,
  ): vscode.ProviderResult<unknown> => {
    if (command !== RUN_PROBE) return next(command, args) as vscode.ProviderResult<unknown>;
    const guarded = this.guard(args);
    return guarded ? (next(command, guarded) as vscode.ProviderResult<unknown>) : undefined;
  };

  /** Call before the server starts: the client cannot register a command that exists. */
  withdrawStandIn(): void {
    this.standIn?.dispose();
    this.standIn = undefined;
  }

  /** Call when no server provides the command: `why` is what the user is told. */
  provideStandIn(why = "The torchlint server is not running, so it cannot run the probe."): void {
    this.standIn ??= vscode.commands.registerCommand(RUN_PROBE, () => {
      void vscode.window
        .showWarningMessage(why, "Show Output")
        .then((choice) => choice && vscode.commands.executeCommand("torchlint.showOutput"));
    });
  }

  /** The arguments to send ([uri] or [uri, functionName]), or undefined after telling the user why not. */
  private guard(args: unknown[]): unknown[] | undefined {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(
        "The torchlint probe runs your code, so it is off in an untrusted workspace. Trust the workspace to use it.",
      );
      return undefined;
    }
    const [target, ...rest] = args;
    const uri =
      typeof target === "string"
        ? target
        : target instanceof vscode.Uri
          ? target.toString()
          : vscode.window.activeTextEditor?.document.uri.toString();
    if (uri === undefined) {
      void vscode.window.showInformationMessage("Open a Python file to run the torchlint probe on it.");
      return undefined;
    }
    if (!this.settings.read(vscode.Uri.parse(uri)).probe.enabled) {
      void vscode.window
        .showInformationMessage(
          "The torchlint probe runs your file to check it; it is off until you turn on torchlint.probe.enabled.",
          "Open Settings",
        )
        .then(
          (choice) =>
            choice && vscode.commands.executeCommand("workbench.action.openSettings", "torchlint.probe.enabled"),
        );
      return undefined;
    }
    return [uri, ...rest];
  }

  dispose(): void {
    this.withdrawStandIn();
  }
}
