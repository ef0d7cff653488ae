// MCP Apps ui/download-file and an agent's kept artifact: every file goes through the native save
// dialog; the user picks where (or cancels). Nothing is written without that choice.
import { dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';

export async function saveWithDialog(
  window: () => BrowserWindow | undefined,
  suggestedName: string,
  data: Buffer,
  title = 'Save the file a view offers',
): Promise<string | null> {
  const options = {
    title,
    defaultPath: suggestedName,
    buttonLabel: 'Save',
  };
  const win = window();
  const result = win
    ? await dialog.showSaveDialog(win, options)
    : await dialog.showSaveDialog(options);
  if (result.canceled || !result.filePath) return null;
  await writeFile(result.filePath, data);
  return result.filePath;
}
