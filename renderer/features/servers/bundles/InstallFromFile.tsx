// "Install from file…": the system's file chooser, limited to bundles; the file's bytes go to core.
import { useRef } from 'react';
import { useLenaActions } from '../../../store';

export function InstallFromFile() {
  const input = useRef<HTMLInputElement>(null);
  const { openBundleFile } = useLenaActions();
  return (
    <>
      <button type="button" data-install-file onClick={() => input.current?.click()}>
        Install from file…
      </button>
      <input
        ref={input}
        type="file"
        accept=".mcpb,.dxt"
        hidden
        data-bundle-input
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void openBundleFile(file);
        }}
      />
    </>
  );
}
