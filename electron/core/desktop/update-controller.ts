// Runs the update policy against an updater (electron-updater in main, a fake in tests): schedules
// checks, remembers when the last one ran, and holds a downloaded update until no turn is running.
import { downloadedDecision, updatePolicy, type DownloadedDecision } from './update-policy';

/** The part of electron-updater's autoUpdater that Lena drives. */
export interface Updater {
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
}

export interface UpdateControllerOptions {
  updater: Updater;
  isPackaged: boolean;
  optedIn: () => boolean;
  turnInProgress: () => boolean;
  /** Last check time, loaded from and saved to Lena's home by the caller. */
  lastCheck?: number;
  saveLastCheck?: (time: number) => void;
  /** Asks the user; resolves true for "Restart to update". */
  prompt: (decision: Extract<DownloadedDecision, { action: 'prompt' }>) => Promise<boolean>;
  log?: (level: 'info' | 'warn', message: string) => void;
  now?: () => number;
}

export class UpdateController {
  private timer: NodeJS.Timeout | undefined;
  private lastCheck: number | undefined;
  private pendingVersion: string | undefined;
  private prompting = false;
  /** The user chose "Restart to update" while a turn was running: install when it ends. */
  private installWhenIdle = false;
  private stopped = false;

  constructor(private readonly options: UpdateControllerOptions) {
    this.lastCheck = options.lastCheck;
  }

  /** Schedules the first check (after the start delay) and every later one. */
  start(): void {
    this.schedule(true);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Call when the opt-in setting changes. */
  reschedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule(false);
  }

  /** electron-updater's `update-downloaded`: prompt now, or once the running turn ends. */
  async downloaded(version: string): Promise<void> {
    this.pendingVersion = version;
    await this.offerPending();
  }

  /** Call when a turn ends: a deferred update is offered now. */
  async idle(): Promise<void> {
    await this.offerPending();
  }

  /** Runs a check now (also used by the timer). Failures are logged, never thrown. */
  async checkNow(): Promise<void> {
    const now = (this.options.now ?? Date.now)();
    this.lastCheck = now;
    this.options.saveLastCheck?.(now);
    try {
      await this.options.updater.checkForUpdates();
    } catch (err) {
      this.options.log?.(
        'warn',
        `Update check failed: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  private schedule(justStarted: boolean): void {
    if (this.stopped) return;
    const plan = updatePolicy({
      optedIn: this.options.optedIn(),
      isPackaged: this.options.isPackaged,
      lastCheck: this.lastCheck,
      now: (this.options.now ?? Date.now)(),
      turnInProgress: this.options.turnInProgress(),
      justStarted,
    });
    if (plan.check === 'never') {
      this.options.log?.('info', `Updates: ${plan.reason}`);
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.checkNow().then(() => this.schedule(false));
    }, plan.delayMs);
    this.timer.unref();
  }

  private async offerPending(): Promise<void> {
    const version = this.pendingVersion;
    if (!version || this.prompting) return;
    if (this.installWhenIdle) {
      if (!this.options.turnInProgress()) this.options.updater.quitAndInstall();
      return;
    }
    const decision = downloadedDecision(version, { turnInProgress: this.options.turnInProgress() });
    if (decision.action === 'defer') {
      this.options.log?.('info', decision.reason);
      return;
    }
    this.prompting = true;
    try {
      const restart = await this.options.prompt(decision);
      if (!restart) {
        // "Later": electron-updater installs it on the next quit (autoInstallOnAppQuit).
        this.pendingVersion = undefined;
        return;
      }
      // The turn may have started while the dialog was open: installing now would cut it off.
      if (this.options.turnInProgress()) this.installWhenIdle = true;
      else this.options.updater.quitAndInstall();
    } finally {
      this.prompting = false;
    }
  }
}
