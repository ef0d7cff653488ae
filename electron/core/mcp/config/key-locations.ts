// The key locator lives in shared/config/key-locations.ts (the window's JSON editor uses it too).
export * from '../../../../shared/config/key-locations';
