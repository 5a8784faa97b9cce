/**
 * The spec's user-facing texts, in one place, so API, web and admin say the same words.
 * Keys are grouped by screen; values are verbatim from ../shared/spec (customer-journey.md,
 * calculators-account-admin.md). Add texts here, never inline them in an app.
 */
export const messages = {
  generic: {
    networkError: 'Network Error',
    requestAborted: 'Request aborted',
    serverError: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found',
    unauthorized: 'Authentication required. Please log in.',
    forbidden: 'You do not have permission to do that.',
    sessionExpired: 'Session expired. Please log in again.',
  },
  calculators: {
    loadDropdownsFailed: 'Failed to load dropdowns.',
    loadOptionsFailed: 'Failed to load available options.',
    loadBindingsFailed: 'Failed to load bindings.',
    calculationFailed: 'Calculation failed.',
    errorCalculating: (detail: string) => `Error calculating cost: ${detail}`,
    fillAllRequired: 'Please fill in all required fields and ensure quantity is positive.',
    fillAllCorrectly: 'Please fill all fields correctly.',
    calculateFailed: 'Failed to calculate price. Please try again.',
    notAvailableForCategory: 'Price calculation not available for this category',
  },
  auth: {
    registrationFailed: 'Registration failed',
    loginFailed: 'Login failed',
    resetRequestFailed: 'Reset request failed',
    passwordResetFailed: 'Password reset failed',
    verificationFailed: 'Verification failed',
    invalidOrUnverified: 'Invalid or unverified account',
    registered: 'Registered successfully! Please check your email to verify your account.',
    registrationFailedRetry: 'Registration failed. Please try again.',
    resetLinkSent: 'Reset link sent to your email',
    resetLinkError: 'Error sending reset link',
    resetSuccess: 'Password reset successful! You can now login.',
    resetFailed: 'Failed to reset password. Try again.',
    enterNewPassword: 'Please enter a new password.',
    verified: 'Email verified! You can now log in.',
    verifyFailed: 'Invalid or expired verification link.',
  },
  admin: {
    loadingUsers: 'Loading users...',
    noUsers: 'No users found.',
    cannotDeleteAdmin: 'Cannot delete admin user',
    deleteUserFailed: 'Failed to delete user. Please try again.',
    confirmDeleteUser: 'Are you sure you want to delete this user?',
    editPageNotAvailable: 'Edit page not available yet for this book.',
    orderNotFound: 'Order Not Found',
    loadOrdersFailed: 'Failed to load orders',
  },
} as const;
