/** User-facing texts of sign-in and password screens (platform.md sections 5 and 8 where quoted). */
export const AUTH_TEXT = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  deactivated: 'This account has been deactivated. Ask the school office if you think this is a mistake.',
  pending: 'Your account is not activated yet. Use the link in your invitation email to set a password.',
  tooManyAttempts: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  tooManyLinkRequests: 'Too many password reset requests. Please wait an hour and try again.',
  forgotSent: 'If an account with that email exists, we have sent a password reset link',
  passwordTooShort: 'Password must be at least 6 characters',
  resetInvalid: 'This password reset link is invalid or has expired',
  resetDone: 'Your password has been reset successfully',
  registrationClosed: 'Registration is closed. Please ask your school administrator for an account.',
  roleSwitchDenied: 'You cannot switch to that role',
  loggedOut: 'Logged out successfully',
  applicationHasNoAccount: 'An application has no account of its own',
  webSessionOnly: 'Sign in to the web app to do this; an access token cannot',
} as const;
