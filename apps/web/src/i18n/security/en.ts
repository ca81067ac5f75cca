// English strings of the account security screens (issue 18): two-factor sign-in with an
// authenticator app, its recovery codes, and the devices and sessions list. Spread into en.ts;
// nl.ts and zh-Hans.ts mirror them. The server's refusals come from the contract.
export const securityEn = {
  security: {
    twoFactor: 'Two-factor sign-in',
    twoFactorBody: 'A code from an authenticator app at every sign-in',
    on: 'On',
    off: 'Off',
    sessions: 'Devices and sessions',
    sessionsBody: 'Where your account is signed in, and signing them out',
    intro:
      'With two-factor sign-in on, signing in asks for your password and a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password). Someone who learns your password still cannot sign in.',
    start: 'Set up an authenticator app',
    scanStep: '1. Scan this QR code with your authenticator app',
    qrLabel: 'QR code to add this account to an authenticator app',
    keyStep: 'Cannot scan? Type this key into the app (time-based)',
    key: 'Key',
    codeStep: '2. Enter the 6-digit code the app shows now',
    code: 'Code',
    codePlaceholder: '6-digit code',
    enable: 'Turn on',
    enabled: 'Two-factor sign-in is on',
    recoveryTitle: 'Your recovery codes',
    recoveryIntro:
      'If you lose your phone, each of these codes signs you in once in place of an app code. Save them somewhere safe now: they are shown only this once.',
    copyAll: 'Copy all codes',
    saved: 'I have saved them',
    onSince: 'On since {{date}}',
    codesLeft: 'Recovery codes left: {{count}} of 10',
    disableTitle: 'Turn off two-factor sign-in',
    disableIntro: 'Enter your login password and a code from your app, or one of your recovery codes.',
    password: 'Login password',
    passwordPlaceholder: 'Enter login password',
    anyCode: 'Code or recovery code',
    anyCodePlaceholder: '6-digit code or abcde-fghij',
    disable: 'Turn off',
    disabled: 'Two-factor sign-in is off',
    placeNote:
      'The place of a session is the network address our server saw: no location database is used, so no city is guessed. The device is read from what the browser says about itself.',
    thisDevice: 'This device',
    unknownDevice: 'Unknown device',
    deviceOn: '{{browser}} on {{os}}',
    lastUsed: 'Last used {{time}}',
    signedIn: 'Signed in {{time}}',
    address: 'Address {{ip}}',
    unknownAddress: 'Address unknown',
    signOut: 'Sign out',
    signOutConfirm: 'Sign out {{device}}? It will need the password again.',
    signOutOthers: 'Sign out all other sessions',
    signOutOthersConfirm: 'Sign out every session but this one?',
    signedOut: 'Signed out',
    signedOutOthers: 'Other sessions signed out: {{count}}',
    noOthers: 'No other device is signed in.',
    loadFailed: 'Could not load. Please try again.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type SecurityMessages = Widen<typeof securityEn>;
