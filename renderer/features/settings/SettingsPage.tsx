// Settings: API key, model, updates, theme, permission rules, recent problems, and About.
import { useState } from 'react';
import { Spinner } from '../../components/Delayed';
import { ErrorNote } from '../../components/ErrorNote';
import { useCloseWithEscape } from '../../components/LeaveBar';
import { useLena, useLenaActions } from '../../store';
import { settingsSelectors } from '../../store/settings/selectors';
import { AboutSection } from './AboutSection';
import { ActivitySection } from './ActivitySection';
import { ApiKeySection } from './ApiKeySection';
import { ModelSection } from './ModelSection';
import { PricesSection } from './PricesSection';
import { QuickEntrySection } from './QuickEntrySection';
import { ServerToolsSection } from './ServerToolsSection';
import { RulesSection } from './RulesSection';
import { SettingsNav, type SettingsSectionLink } from './SettingsNav';

/** Automatic updates, where this build can update itself (null otherwise: nothing to show). */
function UpdatesSection({ enabled }: { enabled: boolean }) {
  const { updateSettings } = useLenaActions();
  const [error, setError] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="updates-heading">
      <h2 id="updates-heading">Updates</h2>
      <label className="check">
        <input
          type="checkbox"
          checked={enabled}
          onChange={(e) =>
            void updateSettings({ autoUpdate: e.target.checked }).then((r) =>
              setError(r.ok ? null : r.error.message),
            )
          }
        />
        Download and install updates automatically
      </label>
      {error && (
        <p className="error small" role="alert">
          Not saved: {error}
        </p>
      )}
    </section>
  );
}

function ThemeSection() {
  const theme = useLena(settingsSelectors.theme);
  const { setTheme } = useLenaActions();
  const saveError = useLena(settingsSelectors.themeError);
  return (
    <section className="card" aria-labelledby="theme-heading">
      <h2 id="theme-heading">Appearance</h2>
      <div role="radiogroup" aria-label="Theme" className="segmented">
        {(['system', 'light', 'dark'] as const).map((t) => (
          <button
            key={t}
            role="radio"
            aria-checked={theme === t}
            className={theme === t ? 'selected' : ''}
            onClick={() => void setTheme(t)}
          >
            {t === 'system' ? 'Follow the system' : t === 'light' ? 'Light' : 'Dark'}
          </button>
        ))}
      </div>
      {saveError && (
        <p className="muted small">Applied to this window; not saved ({saveError.message}).</p>
      )}
    </section>
  );
}

export function SettingsPage() {
  const { value: settings, status: state, error } = useLena(settingsSelectors.settingsLoad);
  const { loadSettings, setView } = useLenaActions();
  // Escape closes Settings back to the chat; with unsaved model settings it asks first.
  const { bar } = useCloseWithEscape('page', () => setView('chat'));
  const updates = (settings?.autoUpdate ?? null) !== null;
  const sections: SettingsSectionLink[] = [
    ...(settings
      ? [
          { heading: 'key-heading', label: 'API key' },
          { heading: 'model-heading', label: 'Model' },
          { heading: 'server-tools-heading', label: 'Server tools' },
        ]
      : []),
    ...(updates ? [{ heading: 'updates-heading', label: 'Updates' }] : []),
    { heading: 'theme-heading', label: 'Appearance' },
    ...(settings ? [{ heading: 'quick-entry-settings-heading', label: 'Quick entry' }] : []),
    { heading: 'rules-heading', label: 'Permission rules' },
    { heading: 'activity-heading', label: 'Recent problems' },
    { heading: 'about-heading', label: 'About' },
  ];
  return (
    <section className="page" aria-label="Settings">
      <h1>Settings</h1>
      <SettingsNav sections={sections} />
      {bar}
      {settings?.issues.map((i) => (
        <p key={i} className="warning small" role="note">
          ⚠ {i}
        </p>
      ))}
      {state === 'error' && error && !settings && (
        <ErrorNote title="Could not load the settings" error={error}>
          <button onClick={() => void loadSettings()}>Retry</button>
        </ErrorNote>
      )}
      {state === 'loading' && !settings && <Spinner label="Loading settings…" />}
      {settings && <ApiKeySection settings={settings} />}
      {settings && <ModelSection settings={settings} />}
      {settings && <ServerToolsSection settings={settings} />}
      {settings && <PricesSection settings={settings} />}
      {settings && settings.autoUpdate !== null && <UpdatesSection enabled={settings.autoUpdate} />}
      <ThemeSection />
      {settings && <QuickEntrySection settings={settings} />}
      <RulesSection />
      <ActivitySection />
      <AboutSection />
    </section>
  );
}
