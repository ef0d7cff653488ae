// The app's name and version, injected at build time and read from package.json under tests.
declare const __LENA_VERSION__: string | undefined;

export const APP_NAME = 'Lena';
export const APP_VERSION: string =
  typeof __LENA_VERSION__ === 'string'
    ? __LENA_VERSION__
    : (process.env.npm_package_version ?? '0.0.0-dev');
