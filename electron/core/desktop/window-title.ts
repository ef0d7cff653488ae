// The window title: the project folder's name first, as editors do.

/** "site — Lena" for /home/ada/work/site; just the app's name without a folder. */
export function windowTitle(folder: string | null, appName = 'Lena'): string {
  if (!folder) return appName;
  const name = folder.split(/[\\/]/).filter(Boolean).at(-1) ?? folder;
  return `${name} — ${appName}`;
}
