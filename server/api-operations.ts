import type { OperationTable } from './http/openapi';

/**
 * Every /api operation's name and summary, grouped under the tag a reader finds it by: the one
 * place generated clients take their method names from and partners read first. Keyed as the route
 * is registered (`METHOD /api/path/:param`); registering a route missing here stops start-up, and
 * the OpenAPI test refuses an entry no route answers. Names are unique camelCase verbs; summaries
 * are short sentences without a full stop.
 */
export const API_OPERATIONS: OperationTable = {
  Service: {
    description: 'This description of the API, and whether the service is up and ready for traffic.',
    operations: {
      'GET /api/openapi.json': ['getOpenApiDocument', 'Read this description of the API (OpenAPI 3.1)'],
      'GET /api/health': ['getHealth', 'Check that the service and its database answer'],
      'GET /api/health/live': ['getLiveness', 'Check that the process answers, without the database'],
      'GET /api/health/ready': ['getReadiness', 'Check whether this instance should receive traffic'],
    },
  },
  Campaigns: {
    description: 'Published campaigns of both kinds: lists, one campaign, the featured ones and search.',
    operations: {
      'GET /api/campaigns': ['listCampaigns', 'List published recipient campaigns'],
      'GET /api/campaigns/:id': ['getCampaign', 'Read a published recipient campaign'],
      'GET /api/org-campaigns/active': ['listOrganizationCampaigns', 'List published organization campaigns'],
      'GET /api/org-campaigns/:id': ['getOrganizationCampaign', 'Read a published organization campaign'],
      'GET /api/campaigns/featured': ['listFeaturedCampaigns', 'List the campaigns featured on the home page'],
      'GET /api/campaigns/search': ['searchCampaigns', 'Search published campaigns of both kinds'],
    },
  },
  'Campaign requests': {
    description: 'A recipient or an organization asks for a campaign and follows its own.',
    operations: {
      'POST /api/campaigns': ['requestCampaign', 'Request a device as a recipient'],
      'GET /api/campaigns/my-status': ['listOwnCampaigns', "List the signed-in recipient's requests and campaigns"],
      'POST /api/organization/campaigns': ['requestOrganizationCampaign', 'Request units as an organization'],
      'GET /api/organization/campaigns': [
        'listOwnOrganizationCampaigns',
        "List the signed-in organization's requests and campaigns",
      ],
      'GET /api/organization/overview': ['getOrganizationOverview', "Read the signed-in organization's figures"],
    },
  },
  'Campaign review': {
    description: "The admins' campaign work: queues, status moves, featuring, delivery and thank-you videos.",
    operations: {
      'GET /api/admin/overview': ['getAdminOverview', "Read the admins' dashboard counts"],
      'GET /api/admin/campaigns/pending': ['listPendingCampaigns', 'List recipient campaigns waiting for review'],
      'GET /api/admin/campaigns/approved': ['listApprovedCampaigns', 'List approved recipient campaigns'],
      'GET /api/admin/campaigns/featured': ['listAdminFeaturedCampaigns', 'List featured recipient campaigns'],
      'GET /api/admin/campaigns/all': ['listAllCampaigns', 'List every recipient campaign, filtered'],
      'PATCH /api/admin/campaigns/:id/status': ['changeCampaignStatus', 'Move a campaign of either kind to a status'],
      'POST /api/admin/campaigns/feature': ['featureCampaign', 'Feature a recipient campaign on the home page'],
      'POST /api/admin/campaigns/unfeature': ['unfeatureCampaign', 'Stop featuring a recipient campaign'],
      'PUT /api/admin/campaigns/:id/reason': ['editCampaignReason', "Edit a recipient campaign's reason"],
      'PATCH /api/admin/campaigns/:id/delivery': [
        'changeCampaignDelivery',
        "Change a recipient campaign's delivery status",
      ],
      'POST /api/admin/campaigns/:id/video': ['addCampaignVideo', 'Add a thank-you video to a recipient campaign'],
      'GET /api/admin/org-campaigns/pending': [
        'listPendingOrgCampaigns',
        'List organization campaigns waiting for review',
      ],
      'GET /api/admin/org-campaigns/active': ['listActiveOrgCampaigns', 'List active organization campaigns'],
      'GET /api/admin/organization/campaigns/pending': [
        'listPendingOrganizationCampaigns',
        'List organization campaigns waiting for review, as listPendingOrgCampaigns does',
      ],
      'GET /api/admin/organization/campaigns/approved': [
        'listApprovedOrganizationCampaigns',
        'List active organization campaigns, as listActiveOrgCampaigns does',
      ],
      'PATCH /api/admin/org-campaigns/:id/status': [
        'changeOrgCampaignStatus',
        'Move an organization campaign to a status',
      ],
      'PATCH /api/admin/org-campaigns/:id/delivery': [
        'changeOrgCampaignDelivery',
        "Change an organization campaign's delivery status",
      ],
    },
  },
  Deliveries: {
    description: 'Units of an organization campaign handed over, recorded by an admin with date, note and photos.',
    operations: {
      'GET /api/admin/org-campaigns/:id/deliveries': [
        'listOrgCampaignDeliveries',
        "List an organization campaign's recorded deliveries",
      ],
      'POST /api/admin/org-campaigns/:id/deliveries': [
        'recordOrgCampaignDelivery',
        'Record units of an organization campaign delivered',
      ],
    },
  },
  Collections: {
    description: 'Booked times at the collection centre in Lagos for campaigns ready for pickup.',
    operations: {
      'GET /api/admin/collection-slots': ['listAdminCollectionSlots', 'List the collection times'],
      'POST /api/admin/collection-slots': ['createCollectionSlot', 'Publish a collection time'],
      'DELETE /api/admin/collection-slots/:id': ['withdrawCollectionSlot', 'Withdraw a collection time'],
      'GET /api/admin/collections': ['listCollections', 'List the collections booked on a day'],
      'POST /api/admin/collections/:bookingId/collected': ['markCollected', 'Mark a booked collection as collected'],
      'POST /api/admin/collections/:bookingId/missed': ['markMissed', 'Mark a booked collection as missed'],
      'GET /api/collection-slots': ['listCollectionSlots', 'List the collection times with places left'],
      'GET /api/campaigns/:id/collection': ['getCampaignCollection', "Read a campaign's collection booking"],
      'POST /api/campaigns/:id/collection': ['bookCampaignCollection', "Book or move a campaign's collection"],
    },
  },
  Catalogue: {
    description: 'The devices a recipient may request and the products an organization may request.',
    operations: {
      'GET /api/products': ['listProducts', 'List the devices a recipient may request'],
      'GET /api/organization/products': ['listOrganizationProducts', 'List the products an organization may request'],
      'GET /api/admin/products': ['listAdminProducts', 'List the recipient catalogue'],
      'POST /api/products': ['createProduct', 'Add a device to the recipient catalogue'],
      'PUT /api/products/:id': ['updateProduct', 'Change a device in the recipient catalogue'],
      'DELETE /api/products/:id': ['deleteProduct', 'Remove a device from the recipient catalogue'],
      'GET /api/admin/org-products': ['listAdminOrganizationProducts', 'List the organization catalogue'],
      'POST /api/admin/org-products': ['createOrganizationProduct', 'Add a product to the organization catalogue'],
      'PUT /api/admin/org-products/:id': [
        'updateOrganizationProduct',
        'Change a product in the organization catalogue',
      ],
      'DELETE /api/admin/org-products/:id': [
        'deleteOrganizationProduct',
        'Remove a product from the organization catalogue',
      ],
    },
  },
  Giving: {
    description: 'Checkouts of a gift bag, their payment and holds, and the gifts they became.',
    operations: {
      'POST /api/donations/checkout': ['startCheckout', 'Start a checkout for a gift bag'],
      'POST /api/donations/fund': ['fundCheckout', "Record a checkout's payment once the provider confirms it"],
      'POST /api/donations/release': ['releaseCheckout', 'Release the units an unpaid checkout holds'],
      'GET /api/donations/:reference/status': ['getCheckoutStatus', "Read a checkout's payment status"],
      'POST /api/payments/sandbox/charge': ['chargeSandboxPayment', 'Pay a checkout with the test payment provider'],
      'POST /api/payments/sandbox/webhook': [
        'receiveSandboxWebhook',
        'Receive a signed event from the test payment provider',
      ],
      'POST /api/payments/paystack/webhook': ['receivePaystackWebhook', 'Receive a signed event from Paystack'],
      'GET /api/donor/gifts': ['listDonorGifts', "List the signed-in donor's gifts"],
      'GET /api/admin/campaigns/:id/donations': ['listCampaignDonations', "List a recipient campaign's gifts"],
      'GET /api/admin/org-campaigns/:id/donations': [
        'listOrgCampaignDonations',
        "List an organization campaign's gifts",
      ],
      'GET /api/admin/gift-sources': ['listGiftSources', 'Total the gifts by the share link they came by'],
      'POST /api/giving/monthly': ['startMonthlyGift', 'Start a monthly gift with its first payment'],
      'GET /api/donor/monthly': ['listDonorMonthlyGifts', "List the signed-in donor's monthly gifts"],
      'PATCH /api/donor/monthly/:id': [
        'changeDonorMonthlyGift',
        "Change, pause or resume one of the donor's monthly gifts",
      ],
      'DELETE /api/donor/monthly/:id': ['cancelDonorMonthlyGift', "Cancel one of the donor's monthly gifts"],
      'GET /api/giving/monthly/manage': ['listGuestMonthlyGifts', "List a guest's monthly gifts by their signed link"],
      'PATCH /api/giving/monthly/manage/:id': [
        'changeGuestMonthlyGift',
        "Change, pause or resume a guest's monthly gift by their signed link",
      ],
      'DELETE /api/giving/monthly/manage/:id': [
        'cancelGuestMonthlyGift',
        "Cancel a guest's monthly gift by their signed link",
      ],
      'POST /api/giving/monthly/:id/card': [
        'changeMonthlyGiftCard',
        'Pay for a monthly gift with another card, which is used from then on',
      ],
      'POST /api/payments/sandbox/monthly/:id/charge': [
        'chargeSandboxMonthlyGift',
        "Charge a monthly gift's next month now, with the test payment provider",
      ],
    },
  },
  Receipts: {
    description: "Each recorded gift's receipt and a donor's yearly statement, as tagged PDFs.",
    operations: {
      'GET /api/donations/:reference/receipt.pdf': ['getReceiptPdf', "Download a gift's receipt as a PDF"],
      'GET /api/donor/receipts': ['listDonorReceipts', "List the signed-in donor's receipts and statement years"],
      'GET /api/donor/statements/:year.pdf': [
        'getYearlyStatementPdf',
        "Download the signed-in donor's statement of a year",
      ],
      'POST /api/receipts/resend': ['resendReceipts', 'Mail an address its receipts again'],
    },
  },
  'Words of support': {
    description: 'Short messages donors leave with a gift, shown on campaigns once an admin approves them.',
    operations: {
      'GET /api/campaigns/:id/messages': ['listSupportMessages', "List a campaign's approved words of support"],
      'GET /api/admin/messages': ['listAdminSupportMessages', 'List words of support for moderation'],
      'POST /api/admin/messages/:id/decision': ['decideSupportMessage', 'Approve or hide words of support'],
    },
  },
  Fundraisers: {
    description: "Supporters' own fundraisers for a campaign, public once an admin approves them.",
    operations: {
      'POST /api/fundraisers': ['startFundraiser', 'Start a fundraiser for a public campaign'],
      'GET /api/fundraisers/mine': ['listOwnFundraisers', "List the signed-in donor's fundraisers and their gifts"],
      'GET /api/fundraisers/:slug': ['getFundraiser', 'Read a fundraiser and what it has raised'],
      'PATCH /api/fundraisers/:slug': ['editFundraiser', 'Change a fundraiser, kept for approval once it is public'],
      'POST /api/fundraisers/:slug/close': ['closeFundraiser', 'Close a fundraiser to new gifts'],
      'GET /api/fundraisers/:slug/qr.png': ['getFundraiserQrPng', "Read a fundraiser's QR code as PNG, for print"],
      'GET /api/fundraisers/:slug/preview/:hash.png': [
        'getFundraiserPreviewImage',
        "Read a supporter's fundraiser's link-preview image",
      ],
      'GET /api/campaigns/:id/fundraisers': ['listCampaignFundraisers', "List a campaign's approved fundraisers"],
      'GET /api/admin/fundraisers': ['listAdminFundraisers', 'List fundraisers and revisions waiting for moderation'],
      'PATCH /api/admin/fundraisers/:slug': ['decideFundraiser', 'Approve or reject a fundraiser or its revision'],
    },
  },
  Updates: {
    description: 'News about a campaign for its donors and visitors.',
    operations: {
      'GET /api/campaigns/:id/updates': ['listCampaignUpdates', "List a campaign's published updates"],
      'POST /api/campaigns/:id/updates': ['postCampaignUpdate', 'Post an update about a campaign'],
      'GET /api/admin/updates': ['listAdminUpdates', 'List updates for moderation'],
      'POST /api/admin/updates/:id/decision': ['decideUpdate', 'Publish or decline an update'],
    },
  },
  Sharing: {
    description: 'What carries a campaign beyond the site: link-preview images, QR codes and posters.',
    operations: {
      'GET /api/campaigns/:id/preview/:hash.png': ['getCampaignPreviewImage', "Read a campaign's link-preview image"],
      'GET /api/preview/site-:hash.png': ['getSitePreviewImage', "Read the site's link-preview image"],
      'GET /api/campaigns/:id/qr.svg': ['getCampaignQrSvg', "Read a campaign's QR code as SVG"],
      'GET /api/campaigns/:id/qr.png': ['getCampaignQrPng', "Read a campaign's QR code as PNG, for print"],
      'GET /api/campaigns/:id/poster.pdf': ['getCampaignPosterPdf', 'Download a printable poster of a campaign'],
    },
  },
  Content: {
    description: "The home page's figures and success stories, the public ledger and the Independence Fund.",
    operations: {
      'GET /api/stats': ['listSiteStats', "List the home page's figures"],
      'GET /api/stories': ['listSuccessStories', 'List the success stories'],
      'GET /api/transparency': ['getTransparencyLedger', 'Read the public ledger of gifts and campaigns'],
      'GET /api/fund': ['getIndependenceFund', "Read the Independence Fund's balance, monthly donors and allocations"],
      'GET /api/admin/stats': ['listAdminSiteStats', 'List every home page figure, hidden ones included'],
      'POST /api/admin/stats': ['createSiteStat', 'Add a home page figure'],
      'PUT /api/admin/stats/:id': ['updateSiteStat', 'Change a home page figure'],
      'DELETE /api/admin/stats/:id': ['deleteSiteStat', 'Remove a home page figure'],
      'GET /api/stories/admin/all': ['listAdminSuccessStories', 'List every success story'],
      'POST /api/stories/admin': ['createSuccessStory', 'Add a success story'],
      'PUT /api/stories/admin/:id': ['updateSuccessStory', 'Change a success story'],
      'DELETE /api/stories/admin/:id': ['deleteSuccessStory', 'Remove a success story'],
    },
  },
  Accounts: {
    description: 'Signing up, in and out, passwords, and how an account is told of changes.',
    operations: {
      'GET /api/auth/config': ['getSignInConfig', 'Read the sign-in and payment settings the web app needs'],
      'POST /api/auth/register': ['registerAccount', 'Create an account'],
      'GET /api/auth/user-exists': ['checkAccountExists', 'Check whether an email address has an account'],
      'POST /api/auth/verify-email': ['verifyEmail', 'Verify an email address with its code and sign in'],
      'POST /api/auth/resend-otp': ['resendVerificationCode', 'Send a new email verification code'],
      'POST /api/auth/login': ['signIn', 'Sign in with an email address and password'],
      'POST /api/auth/phone/code': [
        'requestPhoneSignInCode',
        'Send a code by SMS to sign in or sign up with a phone number',
      ],
      'POST /api/auth/phone/login': [
        'signInByPhone',
        'Sign in with a phone number and password, for an account with no email that has set a password',
      ],
      'POST /api/auth/phone/verify': [
        'verifyPhoneSignInCode',
        'Sign in, or sign up as a recipient, with a phone number and its code',
      ],
      'POST /api/auth/google': ['signInWithGoogle', 'Sign in with a Google account'],
      'POST /api/auth/forgot-password': ['requestPasswordReset', 'Mail a password reset code'],
      'POST /api/auth/reset-password': ['resetPassword', 'Choose a new password with a reset code'],
      'GET /api/auth/me': ['getCurrentAccount', 'Read the signed-in account'],
      'POST /api/auth/change-password': ['changePassword', "Change the signed-in account's password"],
      'POST /api/auth/logout': ['signOut', 'Sign out, ending this session'],
      'GET /api/account/preferences': ['getNoticePreferences', 'Read how the account is told of changes'],
      'PATCH /api/account/preferences': ['updateNoticePreferences', 'Choose how the account is told of changes'],
      'POST /api/account/phone': ['requestPhoneChange', 'Send a code to confirm a new phone number'],
      'POST /api/account/phone/confirm': ['confirmPhoneChange', 'Confirm a new phone number with its code'],
      'PUT /api/account/voice-pin': ['setVoicePin', 'Choose the PIN the voice line asks for'],
    },
  },
  'Second factors and sessions': {
    description:
      'Authenticator apps, passkeys and recovery codes; the second step of a sign-in; the check asked for again before acts that move money or power; and the signed-in sessions.',
    operations: {
      'GET /api/account/second-factor': ['getSecondFactors', "Read the signed-in person's second factors"],
      'POST /api/account/second-factor/totp': ['startAuthenticatorSetup', 'Start setting up an authenticator app'],
      'POST /api/account/second-factor/totp/confirm': [
        'confirmAuthenticatorSetup',
        'Confirm an authenticator app with its first code and receive recovery codes',
      ],
      'DELETE /api/account/second-factor/totp': ['removeAuthenticator', 'Remove the authenticator app'],
      'POST /api/account/second-factor/recovery-codes': [
        'replaceRecoveryCodes',
        'Make a new set of ten recovery codes, replacing the old ones',
      ],
      'POST /api/account/passkeys/options': ['getPasskeyCreationOptions', 'Begin adding a passkey'],
      'POST /api/account/passkeys': ['addPasskey', 'Add a passkey under a name'],
      'PATCH /api/account/passkeys/:id': ['renamePasskey', 'Rename a passkey'],
      'DELETE /api/account/passkeys/:id': ['removePasskey', 'Remove a passkey'],
      'POST /api/auth/second-factor': [
        'answerSecondFactor',
        'Finish a sign-in with an authenticator code or a recovery code',
      ],
      'POST /api/auth/second-factor/passkey/options': [
        'getSecondFactorPasskeyOptions',
        'Begin finishing a sign-in with a passkey',
      ],
      'POST /api/auth/second-factor/passkey': ['answerSecondFactorWithPasskey', 'Finish a sign-in with a passkey'],
      'POST /api/auth/passkey/options': ['getPasskeySignInOptions', 'Begin signing in with a passkey alone'],
      'POST /api/auth/passkey': ['signInWithPasskey', 'Sign in with a passkey alone'],
      'POST /api/auth/step-up': ['stepUp', 'Confirm it is you with a code before an act that moves money or power'],
      'POST /api/auth/step-up/passkey/options': [
        'getStepUpPasskeyOptions',
        'Begin confirming it is you with a passkey',
      ],
      'POST /api/auth/step-up/passkey': ['stepUpWithPasskey', 'Confirm it is you with a passkey'],
      'GET /api/account/sessions': ['listSessions', "List the signed-in person's sessions"],
      'DELETE /api/account/sessions/:id': ['signOutSession', 'Sign out one session'],
      'DELETE /api/account/sessions': ['signOutOtherSessions', 'Sign out every session but this one'],
    },
  },
  'Admin users': {
    description: 'The accounts as admins see them; only a super admin adds admins or deletes accounts.',
    operations: {
      'GET /api/admin/users/all': ['listUsers', 'List every account'],
      'GET /api/admin/users/roles': ['listRoles', 'List the roles an account may hold'],
      'POST /api/admin/users': ['createAdmin', 'Add an admin with a temporary password'],
      'DELETE /api/admin/users/:id': ['deleteUser', 'Delete an account'],
      'POST /api/admin/users/:id/second-factor/reset': [
        'resetSecondFactor',
        "Reset another admin's lost second factor",
      ],
      'GET /api/admin/users/:id/history': ['getUserHistory', "Read an account's history"],
    },
  },
  Privacy: {
    description: "People's rights over their data: an account's export and erasure, and guest donors' links.",
    operations: {
      'GET /api/account/export': ['exportAccount', 'Download everything held about the signed-in person'],
      'POST /api/account/erasure': ['requestAccountErasure', 'Mail a link that erases the signed-in account'],
      'POST /api/account/erasure/confirm': ['confirmAccountErasure', 'Erase an account with its mailed link'],
      'POST /api/privacy/requests': [
        'requestGuestPrivacyLink',
        "Mail a guest donor a link to download or erase their gifts' details",
      ],
      'POST /api/privacy/requests/export': ['exportGuestGifts', "Download a guest donor's gifts with the mailed link"],
      'POST /api/privacy/requests/erase': [
        'eraseGuestGifts',
        "Remove a guest donor's name and address from their gifts",
      ],
    },
  },
  Notifications: {
    description: "The notices in a signed-in person's bell.",
    operations: {
      'GET /api/notifications': ['listNotifications', "List the signed-in account's notices"],
      'POST /api/notifications/read': ['markNotificationsRead', 'Mark notices as read'],
      'GET /api/whatsapp/webhook': ['verifyWhatsAppWebhook', "Answer Meta's subscription handshake for WhatsApp"],
      'POST /api/whatsapp/webhook': ['receiveWhatsAppStatuses', 'Receive signed WhatsApp delivery statuses'],
    },
  },
  Onboarding: {
    description: "A recipient's or organization's onboarding answers and files, and their review by admins.",
    operations: {
      'POST /api/onboarding/recipient/submit': ['submitRecipientOnboarding', "Send a recipient's onboarding"],
      'POST /api/onboarding/organization/submit': ['submitOrganizationOnboarding', "Send an organization's onboarding"],
      'GET /api/profile/recipient': ['getRecipientProfile', "Read the signed-in recipient's profile"],
      'GET /api/profile/organization': ['getOrganizationProfile', "Read the signed-in organization's profile"],
      'PUT /api/profile/recipient/privacy': ['updateRecipientPrivacy', 'Choose how public pages name the recipient'],
      'GET /api/onboarding/review': ['getOwnOnboardingReview', "Read the signed-in account's verification"],
      'POST /api/onboarding/recipient/resubmit': [
        'resubmitRecipientOnboarding',
        "Send a corrected version of a recipient's onboarding",
      ],
      'POST /api/onboarding/organization/resubmit': [
        'resubmitOrganizationOnboarding',
        "Send a corrected version of an organization's onboarding",
      ],
      'GET /api/admin/onboarding-reviews': ['listOnboardingReviews', 'List onboarding versions for review'],
      'GET /api/admin/onboarding-reviews/:id': ['getOnboardingReview', 'Read one onboarding version with its files'],
      'POST /api/admin/onboarding-reviews/:id/verify': ['verifyOnboarding', 'Verify an onboarding version'],
      'POST /api/admin/onboarding-reviews/:id/request-correction': [
        'requestOnboardingCorrection',
        'Ask for a correction to an onboarding version',
      ],
    },
  },
  Files: {
    description: 'Uploading documents and images, and downloading private files through signed links.',
    operations: {
      'POST /api/onboarding/generate-presigned-url': ['createUploadUrl', 'Get an address to upload one file to'],
      'PUT /api/files/upload': ['uploadFile', 'Upload a file to a signed upload address'],
      'GET /api/files/download': ['downloadFile', 'Download a private file through a signed link'],
    },
  },
  Team: {
    description:
      "An organization's team: members with roles (owner, manager, finance, caseworker) and the invitations still open.",
    operations: {
      'GET /api/organization/members': ['listMembers', "List the organization's members and open invitations"],
      'POST /api/organization/members': ['inviteMember', 'Invite a member by email or phone number, with a role'],
      'PATCH /api/organization/members/:id': ['changeMemberRole', "Change a member's role or an invitation's"],
      'DELETE /api/organization/members/:id': ['removeMember', 'Remove a member, or withdraw an invitation'],
      'POST /api/organization/members/:id/resend': ['resendInvitation', 'Send an invitation again with a new link'],
      'POST /api/organization/members/:id/hand-over': ['handOverOwnership', 'Hand ownership over to another member'],
      'POST /api/organization/members/leave': ['leaveTeam', 'Leave the team, signing out everywhere'],
      'POST /api/organization/closure': ['closeOrganization', 'Ask for a link that closes the organization'],
      'GET /api/organization/members/invitations/:token': ['getMemberInvitation', 'Read an invitation by its link'],
      'GET /api/organization/donations': ['listOrganizationGifts', "List the gifts to the organization's campaigns"],
      'GET /api/organization/exports/donations.csv': [
        'exportOrganizationGifts',
        "Download every gift to the organization's campaigns as CSV",
      ],
      'POST /api/organization/members/accept': [
        'acceptMemberInvitation',
        "Accept an invitation, creating or attaching the member's account, and sign in",
      ],
    },
  },
  Caseworkers: {
    description: 'Caseworkers an organization invites, who apply on behalf of people who consent.',
    operations: {
      'POST /api/organization/caseworkers': ['inviteCaseworker', 'Invite a caseworker by email'],
      'GET /api/organization/caseworkers': ['listCaseworkers', "List the organization's caseworkers and invitations"],
      'DELETE /api/organization/caseworkers/:userId': ['removeCaseworker', 'Remove a caseworker from the organization'],
      'DELETE /api/organization/caseworker-invites/:id': ['withdrawCaseworkerInvite', 'Withdraw an invitation'],
      'GET /api/caseworker-invites/:token': ['getCaseworkerInvite', 'Read an invitation by its link'],
      'POST /api/caseworker-invites/:token/accept': [
        'acceptCaseworkerInvite',
        'Accept an invitation, creating the caseworker account',
      ],
      'POST /api/caseworker/recipients': ['applyForRecipient', 'Apply on behalf of a person who consented'],
      'GET /api/caseworker/recipients': ['listHelpedRecipients', 'List the people the caseworker helped'],
      'GET /api/caseworker/recipients/:id': ['getHelpedRecipient', 'Read one person the caseworker helped'],
    },
  },
  'Money desk': {
    description: "The admins' payments, exports, background jobs, payments set aside for a decision, and refunds.",
    operations: {
      'GET /api/admin/payments': ['listAdminPayments', "List payments with their filter's totals"],
      'GET /api/admin/payments/:reference': ['getAdminPayment', 'Read one payment in full'],
      'GET /api/admin/exports/:name.csv': ['exportCsv', 'Download payments, donations, campaigns or donors as CSV'],
      'GET /api/admin/payments/attention': ['listAttentionCases', 'List payments set aside for a decision'],
      'POST /api/admin/payments/:reference/resolve': ['resolveAttentionCase', 'Decide a payment set aside'],
      'POST /api/admin/payments/:reference/refund': ['refundPayment', 'Refund part or all of a payment'],
      'POST /api/admin/matches': ['createMatch', "Open a sponsor's match pool"],
      'GET /api/admin/matches': ['listMatches', "List sponsors' match pools with what each gave"],
      'POST /api/admin/matches/:id/close': ['closeMatch', 'Close a match pool before its window ends'],
      'GET /api/admin/matches/:id/report.csv': ['getMatchReportCsv', "Download a sponsor's report as CSV"],
      'GET /api/admin/matches/:id/report.pdf': ['getMatchReportPdf', "Download a sponsor's report as a tagged PDF"],
      'GET /api/admin/jobs': ['listJobs', 'List failed or waiting background jobs'],
      'GET /api/admin/jobs/counts': ['countJobs', 'Count background jobs by state'],
      'POST /api/admin/jobs/:id/retry': ['retryJob', 'Retry a failed background job'],
    },
  },
  Audit: {
    description: 'Who changed what: the log every admin change writes.',
    operations: {
      'GET /api/admin/audit': ['listAuditLog', "List the admins' changes"],
    },
  },
  'Voice line': {
    description:
      "The phone line's callback for the voice provider, and the admins' queue of call backs asked for on it.",
    operations: {
      'POST /api/voice/calls': ['answerVoiceCall', 'Answer one step of a call with what the line says next'],
      'GET /api/admin/callbacks': ['listCallbacks', 'List call backs asked for, open ones first'],
      'POST /api/admin/callbacks/:id/done': ['markCallbackDone', 'Mark a call back done with a note'],
    },
  },
};
