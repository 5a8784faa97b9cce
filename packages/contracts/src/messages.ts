/**
 * The spec's user-facing texts, in one place, so API, web and admin say the same words.
 * Keys are grouped by screen; values are verbatim from docs/spec/ (docs/spec/customer-journey.md,
 * docs/spec/calculators-account-admin.md). Add texts here, never inline them in an app.
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
    /** 503 while the database is away (a restart, an outage): the request was fine; retrying later works. */
    serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
    /** 400 for text with control characters (a NUL byte, a lone surrogate): docs/decisions/0031. */
    controlCharacters: 'must not contain control characters',
    /** 400 for a correctly signed Stripe webhook that is not an event of the shape the API reads. */
    invalidWebhookEvent: 'Invalid webhook event.',
  },
  /** API keys and webhooks (docs/decisions/0076). */
  apiKeys: {
    invalid: 'Invalid or revoked API key.',
    notAllowedHere: 'API keys cannot be used on this route.',
    missingScope: (scope: string) => `This API key lacks the ${scope} scope.`,
    tooMany: (max: number) => `An account holds at most ${max} API keys: revoke and delete old ones first.`,
    rateLimited: (wait: string) => `Too many requests with this API key. Try again in ${wait}.`,
  },
  /** Outbound webhooks (docs/decisions/0076). */
  webhooks: {
    privateTarget:
      'This URL points to a private, loopback or link-local address. Webhooks go only to public addresses.',
    unresolvable: (host: string) => `The host ${host} could not be resolved.`,
    tooMany: (max: number) => `An account has at most ${max} webhook endpoints: delete one first.`,
    disabledSubject: 'Your Bindery webhook endpoint was switched off',
    disabledMail: (url: string, reason: string) =>
      `Deliveries to ${url} have failed for a day (last: ${reason}), so the endpoint was switched off. ` +
      'Fix the receiver, then resend a delivery from its log to switch it on again.',
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
    // Server-side rules of accounts and sessions; not spec texts, but one wording everywhere.
    nameRequired: 'Name is required.',
    nameTooLong: 'Name must be at most 150 characters long.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Enter a valid email address.',
    passwordRequired: 'Password is required.',
    passwordTooLong: 'Password must be at most 128 characters long.',
    passwordPolicy:
      'Password must be at least 8 characters long and include an uppercase letter, a lowercase letter, a digit and a symbol.',
    // POST api/users/token/refresh/ without its cookie (docs/decisions/0025).
    refreshRequired: 'A refresh token is required.',
    resetRequested: 'If an account exists for this email, a password reset link has been sent to it.',
    resetLinkInvalid: 'This password reset link is invalid or has expired.',
    // Resending the verification mail (docs/decisions/0059): one answer whatever the address.
    resendVerification: 'Resend verification e-mail',
    verificationResent:
      'If an unverified account exists for this email, a new verification link has been sent to it.',
    verificationResendFailed: 'Could not send a new verification link. Please try again.',
    tooManyAttempts: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
    // Screen texts of the account pages (docs/spec/calculators-account-admin.md §2).
    sendResetLink: 'Send Reset Link',
    setNewPassword: 'Set New Password',
    resetPassword: 'Reset Password',
    resetting: 'Resetting...',
    noPaymentMethods: 'You have no stored payment methods',
    cancelAccount: 'Cancel Your Account',
  },
  /** Projects: start, design, upload, dashboard and cart (docs/spec/customer-journey.md §2, §5, §8). */
  /** The customer's own account settings (docs/decisions/0067). Not spec texts. */
  account: {
    nameSaved: 'Your name is saved.',
    passwordChanged: 'Your password is changed. Every other device you were signed in on is signed out.',
    currentPasswordWrong: 'That is not your current password.',
    sessionNotFound: 'That session is not open (it may have ended already).',
    sessionEnded: 'That session is ended.',
    // Changing the login e-mail (docs/decisions/0074): the same answer whether or not the address is taken.
    emailChangeSent: (to: string) =>
      `We sent a confirmation link to ${to}. Your login e-mail changes when you open it (the link works once, for 24 hours).`,
    emailUnchanged: 'That is already your e-mail address.',
    emailChangeLinkInvalid: 'This e-mail change link is invalid or has expired.',
    emailTaken: 'This address already has a Bindery account, so yours cannot move to it.',
    emailChanged: (to: string) => `Your e-mail address is now ${to}. Log in with it from now on.`,
    // Deleting the account (docs/decisions/0074).
    deletedCustomer: 'Customer (account deleted)',
    accountDeleted: 'Your account is deleted. Paid orders are kept as the law requires.',
    // The address book (docs/decisions/0074).
    addressBookFull: (max: number) => `You can save at most ${max} addresses. Delete one to save another.`,
    addressNotFound: 'That address is not in your address book.',
    addressSaved: 'The address is saved.',
  },
  projects: {
    loadingProjects: 'Loading your projects...',
    searchProjects: 'Search projects by title or category...',
    noProjectsFound: 'No projects found',
    untitled: 'Untitled Project',
    defaultCategory: 'General',
    confirmDelete: 'Are you sure you want to delete this project?',
    deleteFailed: 'Failed to delete project. Please try again.',
    enterDetails: 'Please enter project details.',
    selectCategory: 'Please select a book category.',
    onlyPdf: 'Only PDF files are allowed.',
    pageCountRange: 'Page count must be between 2 and 800.',
    invalidPdf: 'Invalid PDF file or corrupted.',
    coverType: 'Cover design must be a JPG, PNG, or PDF file.',
    fillRequiredFields: 'Please fill in all required fields:',
    uploadPdf: 'Please upload your book PDF file',
    completeConfiguration: 'Please complete all book configuration options',
    /** The spec's text naming what is still to choose (docs/decisions/0059). */
    completeConfigurationNaming: (missing: readonly string[]) =>
      `Please complete all book configuration options: ${missing.join(', ')}`,
    validCategoryLanguage: 'Please select a valid category and language.',
    mustBeLoggedIn: 'You must be logged in to submit the project.',
    submitted: 'Project submitted successfully!',
    submissionFailed: (detail: string) => `Submission failed: ${detail}`,
    unknownError: 'Unknown error',
    submitError: 'An error occurred while submitting your project.',
    fileTooLarge: 'File size must be less than 50MB',
    // Cover expert form.
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email format',
    bookTitleRequired: 'Book title is required',
    bookGenreRequired: 'Book genre is required',
    coverDescriptionRequired: 'Cover description is required',
    pdfRequired: 'PDF file is required',
    onlyPdfShort: 'Only PDF files are allowed',
    missingProjectData: 'Missing project data. Please complete previous steps first.',
    coverExpertSubmitted: 'Project submitted successfully! Our cover design expert will contact you soon.',
    uploadFailed: 'Upload failed. Please try again.',
    savedDataCorrupt: 'Error loading saved project data. Please start over.',
    // Server-side rules where the spec is silent (docs/decisions/0012).
    projectNotFound: 'Project not found.',
    uploadNotFound: 'This upload was not found or has expired. Please upload the file again.',
    projectInOrder: 'This project is part of a paid order and cannot be deleted.',
    pageCountMismatch: (detected: number) =>
      `The page count must match the uploaded PDF (${detected} pages).`,
    // File inspection (docs/decisions/0026): facts from the bytes, refused with a reason the customer can act on.
    pdfCountDisagrees: (declared: number, real: number) =>
      `This PDF declares ${declared} pages but contains ${real}. Please export it again and upload the new file.`,
    coverUnreadable: 'The cover image could not be read: the file is damaged or incomplete.',
    coverTooLarge: 'The cover image is too large (at most 30,000 pixels a side and 300 megapixels).',
    inspectionBusy: 'We are checking many files right now. Please upload yours again in a minute.',
    // docs/decisions/0053: what a PDF may inflate to while it is checked.
    pdfTooLarge:
      'This PDF unpacks to more data than we can check (over 64 MB of compressed objects). Please export it again and upload the new file.',
  },
  /** Orders/cart screen (docs/spec/calculators-account-admin.md §2). */
  cart: {
    loadingOrders: 'Loading your orders...',
    loadingOrdersSub: 'Please wait while we fetch your cart',
    pleaseLogin: 'Please Login',
    needLogin: 'You need to be logged in to view your orders.',
    noOrdersYet: 'No Orders Yet',
    searchOrders: 'Search orders by title or category...',
    noOrdersFound: 'No orders found',
    inCart: 'In Cart',
  },
  /** Shipping estimate and the shop (docs/spec/customer-journey.md §5, §8). */
  checkout: {
    noShippingOptions: 'No shipping options available for this address.',
    fetchShippingOptionsFailed: 'Failed to fetch shipping options. Please try again.',
    fillAddressForRate: 'Please fill country, state, city, and postal code.',
    noDhlOrFedex: (couriers: string) =>
      `No DHL or FedEx services available for this destination. Available couriers: ${couriers}`,
    fetchRateFailed: 'Failed to fetch shipping rate. Please try again.',
    fillAllRequired: 'Please fill all required fields.',
    /** The spec's text naming the fields still empty (docs/decisions/0059). */
    fillAllRequiredNaming: (missing: readonly string[]) => `Please fill all required fields: ${missing.join(', ')}.`,
    calculateRateFirst: 'Please calculate shipping rate first.',
    saveShippingFailed: 'Failed to save shipping info. Please try again.',
    shippingSaved: 'Shipping information saved!',
    /** The shop's "Save this address" could not keep it (docs/decisions/0074); the order itself is saved. */
    addressNotKept: 'Your order is saved, but the address could not be added to your address book.',
    resaleCertificate: 'I have a valid resale certificate (tax exempt)',
    // Server-side rules where the spec is silent (docs/decisions/0013).
    emptyCart: 'Your cart is empty. Add a project to your cart first.',
    projectNotOrderable: 'Price calculation not available for this category',
    // E-books (docs/decisions/0034): files, not parcels.
    nothingToShip: 'An e-book is delivered as files: there is nothing to ship.',
    /** The one "service" of a cart with nothing to ship: shown where a carrier would be. */
    digitalDelivery: {
      code: 'digital',
      name: 'Download from your order page',
      courier: 'Digital delivery',
      deliveryTime: 'Ready to download once paid',
    },
    /** A parcel needs a phone number for the carrier; an order of e-books alone does not (ADR 0059). */
    phoneRequired: 'Enter a phone number for the carrier.',
    unknownService:
      'The chosen shipping service is not available for this address. Please calculate the shipping rate again.',
    orderNotFound: 'Order not found.',
    orderNotPayable: 'This order can no longer be paid.',
    noDhlOrFedexRates: 'No DHL or FedEx shipping rates available for this destination',
    unknownUsState: 'Enter a US state as its two-letter code (for example TX).',
    cartOrEstimate: 'Send project_ids to price your cart, or quantity (and book) for an estimate, not both.',
    projectCannotBePriced: (title: string, detail: string) => `"${title}" cannot be priced: ${detail}`,
    cartChanged:
      'Your cart changed while the order was being saved. Please calculate the shipping rate again.',
    /** A project already paid for cannot be paid again; "Order again" makes a new copy (ADR 0051). */
    projectAlreadyOrdered: (title: string) =>
      `"${title}" has already been ordered and paid. Use "Order again" on that order to print it again.`,
    // US ZIP codes: the form, and the state they belong to (us-zip.ts).
    usZipFormat: 'Enter a US ZIP code of 5 digits or ZIP+4 (for example 78701 or 78701-1234).',
    usZipNotInState: (zip: string, state: string) =>
      `ZIP code ${zip} is not in ${state}. Check the state and the ZIP code.`,
  },
  /** Payment (docs/spec/customer-journey.md §5, §8). */
  payments: {
    invalidAmount: 'Invalid amount',
    loginToContinue: 'Please log in to continue',
    checkoutFailed: 'Failed to start checkout.',
    paypalFailed: 'Failed to initiate PayPal checkout',
    noApprovalUrl: 'No approval URL received from PayPal',
    cardNotConfigured: 'Card payments are not available right now.',
    paypalNotConfigured: 'PayPal payments are not available right now.',
    captureFailed: 'We could not confirm your PayPal payment. Please try again.',
    /** Test payment mode (docs/decisions/0028): the payment page, the test servers' pay pages, the admin. */
    testModeBanner: 'Test mode — no real money is taken',
    /** 403: test mode takes the test Stripe's webhook from loopback only (docs/decisions/0064). */
    testWebhookLoopbackOnly:
      'In test payment mode the webhook is accepted from this machine only (PAYMENTS_TEST_WEBHOOK_ANY_ADDRESS).',
  },
  /** Refunds, expiry, reconciliation and the sales report (docs/decisions/0022). */
  money: {
    /** 400: the amount asked for is more than what is left of the payment. */
    refundTooLarge: (left: string) => `At most $${left} is left to refund on this order.`,
    fullyRefunded: (orderNumber: string) => `Order ${orderNumber} has already been refunded in full.`,
    /** 409: no money was taken for the order. */
    nothingToRefund: (orderNumber: string) => `Order ${orderNumber} has no payment to refund.`,
    /** 502 when the provider refused without saying why. */
    refundRefused: 'The payment provider refused the refund.',
    /** 502 when the provider did not answer: the refund is kept pending and retried with the same key. */
    refundNotConfirmed: (providerMessage: string) =>
      `${providerMessage} The refund was not confirmed; Bindery will retry it automatically.`,
    refundNotFinal:
      'The payment provider accepted the refund but has not completed it yet; cancel the order once it has.',
    providerUnavailable: 'The payment provider of this order is not configured on this server.',
    /** 409: creating a payment for an order whose time to pay ran out. */
    orderExpired: 'This order has expired: it was not paid in time. Please order again from your cart.',
    /** Timeline note of the expiry job's cancel (shown to the customer). */
    expiredNote: (hours: number) => `Not paid within ${hours} hours: the order expired.`,
    /** Reasons of the automatic refunds of money that arrived twice. */
    duplicatePaidTwice:
      'Paid twice: the order had already been paid; this payment was refunded automatically.',
    duplicateAfterCancel: 'Paid after the order was canceled; the payment was refunded automatically.',
    /** The order mail for a refund that does not cancel the order. */
    refundMailSubject: (orderNumber: string) => `Bindery order ${orderNumber}: refund`,
    refundMailText: (amount: string, orderNumber: string) =>
      `We refunded $${amount} of order ${orderNumber} to the account you paid with; it can take a few days to appear.`,
  },
  /**
   * An order's money lines (@bindery/ui/order-amounts), the same words on the payment page, the customer's order
   * page and the admin's Order Details. The order's own discount is the first-print discount (docs/decisions/0033).
   */
  orderAmounts: {
    subtotal: 'Subtotal',
    firstPrintDiscount: 'First-print discount',
    shipping: 'Shipping',
    /** The shop names the service the customer chose; an order of e-books alone ships nothing. */
    shippingBy: (service: string, deliveryTime: string) => `Shipping (${service}, ${deliveryTime})`,
    shippingNone: 'Shipping (none: download)',
    tax: (rate: string) => `Tax (${rate})`,
    total: 'Total',
    refunded: 'Refunded',
    taxReason: (reason: string) => `Tax reason: ${reason}`,
  },
  /** Order states as people read them (store/checkout.ts OrderStatus): one wording for web and admin. */
  orderStatus: {
    awaiting_payment: 'Awaiting payment',
    paid: 'Paid',
    in_production: 'In production',
    on_hold: 'On hold',
    shipped: 'Shipped',
    delivered: 'Delivered',
    canceled: 'Canceled',
  },
  /**
   * The order lifecycle (docs/decisions/0020): staff actions, refusals, the customer's order pages, the
   * order lookup, reorder and the dashboard's sales overview. Not spec texts except where noted.
   */
  orders: {
    /** The admin console's buttons, one per staff move of the lifecycle table (order-lifecycle.ts). */
    actions: {
      startProduction: 'Start production',
      markShipped: 'Mark shipped',
      markDelivered: 'Mark delivered',
      cancel: 'Cancel order',
      hold: 'Put on hold',
      releaseHold: 'Release hold',
    },
    /** 409: the table does not allow the move (or another move won the race). Statuses in lower case. */
    transitionNotAllowed: (orderNumber: string, from: string, to: string) =>
      `Order ${orderNumber} is ${from}; it cannot become ${to}.`,
    alreadyInStatus: (orderNumber: string, status: string) => `Order ${orderNumber} is already ${status}.`,
    /** 403: the move exists, but not for this actor (e.g. staff cannot mark an order paid: the payment does). */
    notYourMove: (orderNumber: string, to: string) => `Order ${orderNumber} cannot be made ${to} by hand.`,
    carrierRequired: 'Enter the carrier to mark the order shipped.',
    trackingNumberRequired: 'Enter the tracking number to mark the order shipped.',
    trackingUrlInvalid: 'The tracking link must be an http(s) address.',
    paymentRequired: (orderNumber: string) => `Order ${orderNumber} has no completed payment.`,
    notAllDigital: (orderNumber: string) =>
      `Order ${orderNumber} has printed books: it is delivered by a carrier, not as files.`,
    /** The timeline note of an order of e-books delivered at payment (docs/decisions/0034). */
    filesReady: 'Your e-book files are ready: download them from this page.',
    /** 403 of a download before the order is paid. */
    downloadNotYet: 'Your files can be downloaded once the order is paid.',
    notADownload: 'This book of the order is printed, not downloaded.',
    refundRequired: (orderNumber: string, status: string) =>
      `Order ${orderNumber} is ${status}: refund the payment in full before canceling it.`,
    someRefundRequired: (orderNumber: string) =>
      `Order ${orderNumber} is in production: refund the customer (in full or in part) before canceling it.`,
    lookupNotFound: 'No order with this number was found in your account.',
    lookupNumberInvalid: 'Enter an order number such as BND-000042.',
    notReorderable: 'Only a paid order can be ordered again.',
    reorderItemNotInOrder: 'This book is not part of the order.',
    /** Timeline notes of an unpaid order the customer's own change canceled. */
    canceledBookDeleted: 'Canceled: a book of this order was deleted.',
    canceledBookChanged: 'Canceled: a book of this order was changed; order it again from your cart.',
    /** The customer deleted their account (docs/decisions/0074). */
    canceledAccountDeleted: 'Canceled: the customer deleted their account.',
    /** A checkout saved again for books of this unpaid order: the new order replaces it (ADR 0051). */
    canceledSuperseded: 'Replaced by a newer order of the same books (the delivery or address was changed).',
    reordered: 'Your books are in your cart again: check the quantities, then choose the address.',
    /** Timeline: who made a move that no person made. */
    systemActor: 'Bindery',
    staffActor: 'Bindery staff',
  },
  /** Proof copies (docs/decisions/0078): the customer's proof of a book before the run, and its approval. */
  proofs: {
    /** On the job ticket, the packing slip and the admin's screens. */
    mark: 'PROOF — not for resale',
    badge: 'PROOF',
    orderButton: 'Order a proof copy',
    ordered: 'A proof copy (one copy, single-copy price) is in your cart: choose the address next.',
    alreadyInCart: 'The proof copy of this book is already in your cart.',
    orderFailed: 'We could not add a proof copy to your cart. Please try again.',
    notForEbook: 'An e-book has no printed proof: preview its files on the design page instead.',
    notOfAProof: 'This is already a proof copy; order the proof from the book itself.',
    notOrderable: 'This book cannot be printed as it is: open it and complete its options first.',
    quantityFixed: 'A proof copy is always one copy: change the quantity on the book itself.',
    notAProof: 'This book of the order is not a proof copy.',
    notYetArrived: 'A proof can be approved once it has shipped.',
    alreadyApproved: 'This proof has already been approved.',
    approvedEvent: (title: string) => `Proof of "${title}" approved by the customer.`,
    approveTitle: 'Your proof copy',
    approveHint: 'Check the printed proof. Once you approve it, order your copies of the book.',
    approveButton: 'Approve proof',
    approveFailed: 'We could not record your approval. Please try again.',
    approvedAt: (when: string) => `Proof approved on ${when}.`,
    orderCopiesTitle: 'Order copies',
    orderCopiesHint: 'Your proof is approved: choose how many copies to print; your files are kept.',
    orderCopiesButton: 'Order copies',
    proofLine: 'Proof copy: not for resale',
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
    userNotFound: 'User not found.',
    notAnAdmin: 'This account has no access to the admin area.',
    /** The admin app's sign-in, refresh or logout called from another page than the admin app (ADR 0052). */
    adminAppOnly: 'Staff sign in on the admin app only.',
    manageUsers: 'Manage Users',
    searchUsers: 'Search users by email or name...',
    // Manage Orders and Order Details (docs/spec/calculators-account-admin.md §2).
    loadingOrders: 'Loading Orders...',
    searchOrders: 'Search orders by title or email...',
    noOrdersMatching: 'No orders found matching your search.',
    untitledBook: 'Untitled Book',
    noEmail: 'No email provided',
    // Manage Books.
    searchBooks: 'Search books...',
    noBooks: 'No books found.',
    // Manage Orders and Order Details: headings and fallbacks of the spec's screens.
    orderManagement: 'Order Management',
    backToOrders: 'Back to Orders',
    noCoverFile: 'No cover file uploaded',
    popupBlocked: 'Your browser blocked the new tab: allow pop-ups for this site, or use Download.',
    /** A submitted project that is in no order yet (the list's status column). */
    notOrdered: 'Not ordered',
    // Price editors (§2 "Price editors", §8), shared by the seven editors.
    noItemsMatching: 'No items found matching your search.',
    noSectionItems: (section: string) => `No ${section} found.`,
    saveChanges: 'Save Changes',
    saving: 'Saving...',
    leaveUnsaved: 'You have unsaved price changes. Leave this page and discard them?',
    // Client-side checks of a typed price (the server applies the same rule: docs/decisions/0017).
    enterPrice: 'Enter a price.',
    fixPricesFirst: 'Correct the highlighted prices before saving.',
    /**
     * Per editor, by API slug: loading, load failure, save success and save failure (§2, §8). The spec gives
     * no loading text for print book, year book, magazine and thesis: theirs follow the others' pattern.
     */
    priceEditors: {
      calculator: {
        loading: 'Loading Print Book Settings...',
        loadFailed: 'Failed to load settings',
        saved: 'All changes saved successfully',
        saveFailed: 'Error while saving',
      },
      photobook: {
        loading: 'Loading PhotoBook Settings...',
        loadFailed: 'Failed to load photobook settings.',
        saved: 'All changes saved successfully.',
        saveFailed: 'Failed to save changes.',
      },
      magazine: {
        loading: 'Loading Magazine Settings...',
        loadFailed: 'Failed to load settings',
        saved: 'All changes saved successfully',
        saveFailed: 'Error while saving',
      },
      yearbook: {
        loading: 'Loading YearBook Settings...',
        loadFailed: 'Failed to load settings',
        saved: 'All changes saved successfully',
        saveFailed: 'Error while saving',
      },
      calender: {
        loading: 'Loading Calendar Settings...',
        loadFailed: 'Failed to load calendar settings.',
        saved: 'All changes saved successfully.',
        saveFailed: 'Failed to save changes.',
      },
      comicbook: {
        loading: 'Loading Comic Book Settings...',
        loadFailed: 'Failed to load comic book settings.',
        saved: 'All changes saved.',
        saveFailed: 'Failed to save changes.',
      },
      pricing: {
        loading: 'Loading Thesis Settings...',
        loadFailed: 'Failed to load settings',
        saved: 'Changes saved',
        saveFailed: 'Error while saving',
      },
      // Not in the spec (it has no e-book editor): the print book's pattern (docs/decisions/0034).
      ebook: {
        loading: 'Loading E-Book Settings...',
        loadFailed: 'Failed to load settings',
        saved: 'All changes saved successfully',
        saveFailed: 'Error while saving',
      },
    },
  },
  /**
   * The order screens of both SPAs (docs/decisions/0030): the admin's Manage Orders, Order
   * Details, Sales and payments, Shipping and dashboard; the customer's orders, order page, lookup and reorder.
   * Not spec texts (the spec's own are in `admin`, `cart` and `orders`).
   */
  orderScreens: {
    searchOrders: 'Search orders by number, title, name or email...',
    noOrdersYet: 'No orders yet. Orders appear here once customers check out.',
    loadMore: 'Load more',
    showing: (shown: number, total: number, noun: string) => `Showing ${shown} of ${total} ${noun}`,
    loadOrderFailed: 'Failed to load the order',
    /** The admin's confirmations, one per staff move (the buttons are messages.orders.actions). */
    confirm: {
      in_production: (n: string) =>
        `Start production of order ${n}? The customer is told their books are being printed.`,
      shipped: (n: string) =>
        `Mark order ${n} shipped? The customer gets an e-mail with the carrier and the tracking link.`,
      delivered: (n: string) => `Mark order ${n} delivered? The customer gets an e-mail.`,
      canceledUnpaid: (n: string) =>
        `Cancel order ${n}? It has not been paid; the customer can no longer pay it.`,
      canceledPaid: (n: string, amount: string) =>
        `Cancel order ${n}? ${amount} not yet refunded goes back to the customer through the provider that took it.`,
      canceledInProduction: (n: string) =>
        `Cancel order ${n}? It is in production: refund the customer (in full or in part) first, or the server refuses.`,
    },
    moved: (n: string, status: string) => `Order ${n} is now ${status.toLowerCase()}.`,
    refund: 'Refund',
    refundConfirm: (n: string, left: string) => `Refund order ${n}? Up to ${left} is left to refund.`,
    refundDone: (amount: string, n: string) => `Refunded ${amount} of order ${n}.`,
    refundAmountInvalid: (left: string) =>
      `Enter an amount from 0.01 to ${left} ("Refund everything" fills in all that is left).`,
    refundEverything: 'Refund everything',
    refundAmountHint: (left: string) => `Up to ${left}.`,
    refundReasonRequired: 'Enter the reason for the refund.',
    reconcile: 'Reconcile with the provider',
    reconcileConfirm: (n: string) =>
      `Ask Stripe or PayPal what happened to the payment attempts of order ${n}? A payment that went through marks it paid.`,
    reconcileNothing: 'No payment attempt was waiting on a provider.',
    noteLabel: 'Note (optional)',
    noteShared: 'Show this note to the customer on their order page',
    carrierLabel: 'Carrier',
    trackingNumberLabel: 'Tracking number',
    trackingUrlLabel: 'Tracking link (optional)',
    trackingUrlHint: 'Left empty, DHL and FedEx get their tracking page.',
    noActions: 'No action is left for this order.',
    salesTitle: 'Sales and payments',
    loadSalesFailed: 'Failed to load sales',
    noPaymentsInPeriod: 'No payments in this period.',
    shippingTitle: 'Shipping',
    loadShippingFailed: 'Failed to load the shipping rates',
    dashboardLatest: 'Latest orders',
    /** The customer's side. */
    yourOrders: 'Your orders',
    noOrdersPlaced: 'You have not placed an order yet.',
    loadMyOrdersFailed: 'We could not load your orders. Please try again.',
    orderNotFound: 'Order not found.',
    trackParcel: 'Track your parcel',
    printReceipt: 'Print receipt',
    reorderTitle: 'Order these books again',
    reorderHint:
      'Choose how many copies you want now; your files are kept, so nothing to upload. You choose the address next.',
    reorderButton: 'Order again',
    reorderNone: 'Choose at least one copy of a book.',
    reorderFailed: 'We could not put your books in the cart. Please try again.',
    lookupTitle: 'Order Lookup',
    lookupIntro:
      'Find one of your orders by its number, as written in your confirmation e-mail (for example BND-000042).',
    lookupLabel: 'Order number',
    lookupButton: 'Find order',
    lookupLogin: 'Log in to look up your orders.',
    awaitingPayment: 'This order is waiting for your payment.',
    payNow: 'Pay now',
  },
  /**
   * Resale certificates (docs/decisions/0032): the customer's upload on the account page, the shop's
   * tax notes, the admin's review screen and the mails. Not spec texts: the spec's tax exemption was a checkbox.
   */
  certificates: {
    heading: 'Resale certificate',
    intro:
      'Buying books to resell? Upload your resale certificate (PDF or image) for the state you ship to. Once our staff approve it, orders shipped to that state are tax-exempt when you check out as an enterprise.',
    stateLabel: 'State the certificate covers',
    fileLabel: 'Certificate file (PDF, JPG or PNG, up to 10 MB)',
    upload: 'Upload certificate',
    uploading: 'Uploading...',
    uploaded: 'Certificate uploaded. Our staff will review it, usually within one business day.',
    uploadFailed: 'The certificate could not be uploaded. Please try again.',
    chooseFile: 'Choose the certificate file to upload.',
    none: 'You have not uploaded a resale certificate yet.',
    loadFailed: 'Failed to load your resale certificates.',
    statusLabels: { pending: 'Awaiting review', approved: 'Approved', rejected: 'Rejected' },
    // API refusals.
    fileType: 'A resale certificate must be a PDF, JPG or PNG file.',
    pdfUnreadable:
      'The certificate PDF could not be read: the file is damaged, incomplete or password-protected.',
    imageUnreadable: 'The certificate image could not be read: the file is damaged or incomplete.',
    tooLarge: 'A resale certificate file must be less than 10MB.',
    stateRequired: 'Choose the US state the certificate covers (its two-letter code, for example TX).',
    tooManyPending: 'You have 5 certificates awaiting review. Please wait for our staff to review them.',
    notFound: 'Resale certificate not found.',
    notPending: (status: string) =>
      `This certificate was already ${status}; only a certificate awaiting review can be approved or rejected.`,
    reasonRequired: 'Give the customer a reason for the rejection.',
    // The shop (enterprise buyers shipping to a state where tax is charged).
    shopManage: 'Manage your resale certificates',
    shopHint:
      'Buying to resell? Orders are tax-exempt with a resale certificate for the ship-to state that our staff approved.',
    shopNone: (state: string) =>
      `Tax is charged: you have no approved resale certificate for ${state}. Upload one on your account page to buy tax-exempt.`,
    shopPending: (state: string) =>
      `Your resale certificate for ${state} is awaiting review; tax is charged until it is approved.`,
    shopRejected: (state: string, reason: string) =>
      `Your resale certificate for ${state} was rejected (${reason}); tax is charged. Upload a new one on your account page.`,
    shopApproved: (state: string) =>
      `Your approved resale certificate for ${state} makes this order tax-exempt.`,
    shopLogin: 'Log in to use your approved resale certificate.',
    // The admin's screen.
    adminTitle: 'Resale certificates',
    adminEmpty: (status: string) => `No certificates ${status}.`,
    loadingCertificates: 'Loading certificates...',
    approve: 'Approve',
    reject: 'Reject',
    confirmApprove: (state: string, email: string) =>
      `Approve the ${state} resale certificate of ${email}? Their orders shipped to ${state} become tax-exempt.`,
    rejectReasonLabel: 'Reason (the customer sees it)',
    approved: 'Certificate approved.',
    rejected: 'Certificate rejected.',
    reviewFailed: 'The review could not be saved. Please try again.',
    openFile: 'Open file',
    // Mails.
    mailApprovedSubject: (state: string) => `Your resale certificate for ${state} is approved`,
    mailApproved: (state: string) =>
      `Our staff approved your resale certificate for ${state}. Orders you ship to ${state} as an enterprise are now tax-exempt.`,
    mailRejectedSubject: (state: string) => `Your resale certificate for ${state} was not approved`,
    mailRejected: (state: string, reason: string) =>
      `Our staff could not approve your resale certificate for ${state}. Reason: ${reason}. Tax is charged on orders shipped to ${state} until a certificate is approved; you can upload a new one on your account page.`,
  },
} as const;
