/**
 * The storefront's wording (spec §4, §8) for what the server does not say itself. A refusal the server
 * explains (a taken email: 409 'Email already registered!', wrong credentials: 401 'Invalid email or
 * password') is shown in the server's own words (serverMessageOr), never recognised by its text.
 */
export const authMessages = {
  registered: 'Activation link sent to your email!',
  registrationFailed: 'Registration failed. Please try again.',
  signInFailed: 'An error occurred. Please try again.',
  activated: 'Account activated successfully! Redirecting...',
  activationFailed: (reason: string) => `Activation failed: ${reason}`,
  unknownError: 'Unknown error',
  resent: 'New activation link sent! Check your email.',
  resendFailed: 'Error resending activation link.',
  resetRequested: 'Password reset instructions have been sent to your email. Please check your inbox.',
  resetRequestFailed: 'Error sending reset email. Please try again.',
  resetFailed: 'Failed to reset password. The link may have expired.',
  passwordsDiffer: 'Passwords do not match',
  emailMissing: 'Please enter your email address',
};

/** What the api-client's ApiError carries (checked by shape, so this module stays free of the app's wiring). */
function isApiFailure(error: unknown): error is { status: number; message: string } {
  return error instanceof Error && typeof (error as { status?: unknown }).status === 'number';
}

/** The server's own words for a refusal it explained (4xx), else the fallback (network failure, outage). */
export function serverMessageOr(error: unknown, fallback: string): string {
  return isApiFailure(error) && error.status >= 400 && error.status < 500 && error.message.trim() !== ''
    ? error.message
    : fallback;
}
