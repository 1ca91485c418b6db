// Expands the variables VS Code users write in path settings. No `vscode` import.

export interface VariableContext {
  workspaceFolder: string | undefined;
  userHome: string;
  env: Readonly<Record<string, string | undefined>>;
}

/** `${workspaceFolder}`, `${userHome}`, a leading `~` and `${env:NAME}`; unknown ones stay as written. */
export function expandVariables(value: string, ctx: VariableContext): string {
  const expanded = value.replace(/\$\{(workspaceFolder|userHome|env:([^}]+))\}/g, (match, name: string, envName?: string) => {
    if (envName !== undefined) return ctx.env[envName] ?? "";
    if (name === "userHome") return ctx.userHome;
    return ctx.workspaceFolder ?? match;
  });
  return /^~(?=$|[\\/])/.test(expanded) ? ctx.userHome + expanded.slice(1) : expanded;
}
