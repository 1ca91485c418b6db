// The Python extension (ms-python.python), used when it is installed and never required:
// its API is looked up at run time and every field is checked before use.

import * as vscode from "vscode";

const PYTHON_EXTENSION_ID = "ms-python.python";

// The part of its `environments` API torchlint uses.
interface EnvironmentsApi {
  getActiveEnvironmentPath(resource?: vscode.Uri): { path: string };
  resolveEnvironment(
    environment: { path: string },
  ): Promise<{ executable: { uri?: vscode.Uri } } | undefined>;
  onDidChangeActiveEnvironmentPath: vscode.Event<unknown>;
}

async function environmentsApi(log: vscode.LogOutputChannel): Promise<EnvironmentsApi | undefined> {
  const extension = vscode.extensions.getExtension<unknown>(PYTHON_EXTENSION_ID);
  if (!extension) return undefined;
  try {
    const api = (extension.isActive ? extension.exports : await extension.activate()) as {
      environments?: Partial<EnvironmentsApi>;
    } | undefined;
    const envs = api?.environments;
    if (
      typeof envs?.getActiveEnvironmentPath === "function" &&
      typeof envs.resolveEnvironment === "function" &&
      typeof envs.onDidChangeActiveEnvironmentPath === "function"
    ) {
      return envs as EnvironmentsApi;
    }
    log.warn(`${PYTHON_EXTENSION_ID} has no environments API this version of torchlint knows`);
  } catch (error) {
    log.warn(`${PYTHON_EXTENSION_ID} could not be activated: ${String(error)}`);
  }
  return undefined;
}

/** The interpreter selected in the Python extension for `resource`, if any. */
export async function pythonExtensionInterpreter(
  resource: vscode.Uri | undefined,
  log: vscode.LogOutputChannel,
): Promise<string[] | undefined> {
  const api = await environmentsApi(log);
  if (!api) return undefined;
  try {
    const environment = await api.resolveEnvironment(api.getActiveEnvironmentPath(resource));
    const executable = environment?.executable.uri?.fsPath;
    return executable ? [executable] : undefined;
  } catch (error) {
    log.warn(`${PYTHON_EXTENSION_ID} could not resolve its environment: ${String(error)}`);
    return undefined;
  }
}

/** Calls `listener` whenever the user selects another interpreter in the Python extension. */
export async function onPythonInterpreterChanged(
  listener: () => void,
  log: vscode.LogOutputChannel,
): Promise<vscode.Disposable | undefined> {
  const api = await environmentsApi(log);
  return api?.onDidChangeActiveEnvironmentPath(listener);
}
