// Every window of the one core: New Window, "Open in new window", the quick entry. Each window
// takes a slot (its own saved place), joins the IPC binding (events routed by what it shows), and
// tells the core when it has focus, so a question with nowhere else to go lands where the user is.
import { BrowserWindow, globalShortcut } from 'electron';
import type { Host } from '../core/host';
import { WindowSlots } from '../core/desktop/window-slots';
import { quickEntryWindowOptions, shortcutChange } from '../core/desktop/quick-entry';
import type { StateFile } from '../core/desktop/state-file';
import type { SavedWindows } from '../core/desktop/window-slots';
import { windowQuery, type WindowStart } from '../../shared/window-query';
import type { IpcBinding } from './ipc';
import { createMainWindow } from './window';

export interface WindowsSetup {
  host: Host;
  ipc: IpcBinding;
  state: StateFile<SavedWindows>;
  preload: string;
  devTools: boolean;
  appOrigins: readonly string[];
  /** The page every window loads (the dev server's, else app://lena/index.html). */
  pageUrl: string;
  title(): string;
  warn(message: string): void;
}

export class Windows {
  private readonly slots: WindowSlots;
  private readonly open = new Set<BrowserWindow>();
  private focused: BrowserWindow | undefined;
  private quick: BrowserWindow | undefined;
  private shortcut: string | null = null;

  constructor(private readonly setup: WindowsSetup) {
    this.slots = new WindowSlots(setup.state);
  }

  /** The window the user last worked in (dialogs, menu commands replayed into the page). */
  current(): BrowserWindow | undefined {
    if (this.focused && !this.focused.isDestroyed()) return this.focused;
    return [...this.open].filter((w) => w !== this.quick).at(-1);
  }

  /** Sets every conversation window's title (the open folder). */
  setTitles(title: string): void {
    for (const win of this.open) if (win !== this.quick) win.setTitle(title);
  }

  /** Opens a window on a conversation, a plain one, or brings up the quick entry. */
  async openWindow(start: WindowStart = {}): Promise<BrowserWindow> {
    if (start.quickEntry && this.quick && !this.quick.isDestroyed()) {
      this.quick.show();
      this.quick.focus();
      return this.quick;
    }
    const { host, ipc } = this.setup;
    const slot = start.quickEntry ? undefined : await this.slots.take();
    const win = await createMainWindow({
      preload: this.setup.preload,
      devTools: this.setup.devTools,
      appOrigins: this.setup.appOrigins,
      title: this.setup.title(),
      saved: slot?.saved,
      save: (state) => slot && this.slots.save(slot.index, state),
      flush: () => this.slots.flush(),
      options: start.quickEntry ? quickEntryWindowOptions() : undefined,
    });
    const viewId = String(win.webContents.id);
    // The quick entry shows no questions: they stay with the conversation windows.
    const remove = ipc.addWindow(win.webContents, { asks: !start.quickEntry });
    this.open.add(win);
    if (start.quickEntry) this.quick = win;
    const focus = () => {
      this.focused = win;
      host.windows.focus(viewId);
    };
    win.on('focus', focus);
    win.on('closed', () => {
      remove();
      this.open.delete(win);
      if (slot) this.slots.release(slot.index);
      if (this.focused === win) this.focused = undefined;
      if (this.quick === win) this.quick = undefined;
    });
    focus();
    await win.loadURL(this.setup.pageUrl + windowQuery(start));
    return win;
  }

  /** Closes the window whose page has this router id (its webContents id). */
  close(viewId: string): void {
    for (const win of this.open)
      if (!win.isDestroyed() && String(win.webContents.id) === viewId) win.close();
  }

  /** Registers the quick entry's global shortcut as the settings say (null: none). */
  applyShortcut(accelerator: string | null): void {
    const change = shortcutChange(this.shortcut, accelerator);
    if (change.kind === 'keep') return;
    if (this.shortcut) globalShortcut.unregister(this.shortcut);
    this.shortcut = null;
    if (change.kind === 'unregister') return;
    const registered = globalShortcut.register(change.accelerator, () => {
      void this.openWindow({ quickEntry: true });
    });
    if (registered) this.shortcut = change.accelerator;
    else
      this.setup.warn(
        `The quick entry shortcut ${change.accelerator} is taken by another application; choose another in Settings.`,
      );
  }

  /** At quit: global shortcuts belong to the system until they are given back. */
  releaseShortcuts(): void {
    globalShortcut.unregisterAll();
    this.shortcut = null;
  }

  flush(): Promise<void> {
    return this.slots.flush();
  }
}
