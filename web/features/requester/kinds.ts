import {
  Building2,
  CheckCircle2,
  ClipboardList,
  Clock,
  Gift,
  HandCoins,
  HelpCircle,
  LayoutDashboard,
  PackageCheck,
  PauseCircle,
  StopCircle,
  Radio,
  Settings,
  ShoppingBag,
  User,
  UserPlus,
  Users,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { RECIPIENT_STATUS_WORDS } from '@contract/recipient-status-words';
import type { SessionUser } from '@contract/auth';
import { formatNaira } from '@contract/money';
import type { OrganizationAct } from '@contract/organization-roles';
import { userMayAct } from '@/lib/organization-acts';
import { SETTINGS_KEYS } from '@/lib/settings';
import type { StatusWords } from '@/ui/request-status';
import { AREA_PAGES, type AreaPageName, type RequesterKind } from './area';

/** A page of the area: its entry in the sidebar and, for all but the dashboard, its dashboard card. */
export type AreaPage = {
  page: AreaPageName;
  menu: string;
  icon: LucideIcon;
  card?: { title: string; text: string };
  /** What a member's role must allow for the page to be in the menu (docs/decisions/0075). */
  act?: OrganizationAct;
};

type Notice = { text: string; link: string; to: string; after?: string };

/**
 * What tells the two kinds apart on the same pages: their words, their pages' names and what their
 * requests look like. The server's paths and reply shapes per kind are in `api.ts`.
 */
export type KindDescriptor = {
  /** The sidebar's landmark name, and the menu button's name below 768 px ("... menu"). */
  areaLabel: string;
  /** Each page of `AREA_PAGES` of the kind. */
  pages: Partial<Record<AreaPageName, Omit<AreaPage, 'page'>>>;
  /** The remembered answer to "has a request been made?" (product notes 3). */
  requestFlag: string;
  dashboard: {
    title: string;
    cardsLabel: string;
    welcome: (user: SessionUser) => string | null;
    completeProfile: string;
    /** The organization's figures (Active Campaigns, Devices Received, Team Members). */
    overview: boolean;
  };
  catalog: {
    title: string;
    intro: string;
    listLabel: string;
    failed: string;
    empty: string;
    /** Several units per request, chosen on the card, with the price per unit. */
    units: boolean;
    /** Why the catalog offers nothing to press: an unfinished profile, or an open request. */
    unfinished: Notice;
    open: Notice;
    reasonLabel?: string;
    summary: (name: string, price: number, quantity: number) => string;
    failedRequest: string;
    sent: string;
    /** Where the account goes once its request is made, with `sent` as the page's message. */
    after: AreaPageName;
  };
  status: {
    failed: string;
    empty: string;
    listLabel: string;
    /** The way to the catalog when there is no request, or when a new one may be made. */
    toCatalog: string;
    statuses: Record<string, StatusWords>;
    /** Statuses in which the campaign is live or funded, so its progress is shown. */
    withProgress: readonly string[];
    /** The status in which the owner books a collection in Lagos (docs/decisions/0044). */
    readyForPickup: string;
  };
  settings: {
    title: string;
    /** Organization settings follow the four tabs of product notes 2; a recipient's are one page. */
    tabs: boolean;
    intro?: string;
    passwordNote: string;
  };
};

/** What a member of an organization is told where their role does not reach (docs/decisions/0075). */
export const MEMBER_WORDS = {
  readsCatalog: 'Your role reads the catalog. Owners and managers make requests.',
  ownerCompletesProfile: "An owner completes your organization's profile. Requests can be made once it is complete.",
  ownerCorrects: "An owner corrects the organization's profile and sends it again.",
} as const;

export const units = (n: number) => `${n} ${n === 1 ? 'unit' : 'units'}`;

const sharedPages = {
  status: { menu: 'Campaign Status', icon: ClipboardList },
  settings: { menu: 'Settings', icon: Settings },
  help: { menu: 'Help', icon: HelpCircle },
} as const;

const dashboard = { menu: 'Dashboard', icon: LayoutDashboard };

export const KINDS: Record<RequesterKind, KindDescriptor> = {
  recipient: {
    areaLabel: 'Recipient area',
    pages: {
      dashboard,
      catalog: {
        menu: 'Request a Device',
        icon: ShoppingBag,
        card: {
          title: 'Start a Campaign',
          text: 'Choose the device that would help you most from our catalog and tell us why you need it.',
        },
      },
      status: {
        ...sharedPages.status,
        card: {
          title: 'Campaign Status',
          text: 'See where your request stands, what our team said, and how much donors have given.',
        },
      },
      profile: {
        menu: 'My Profile',
        icon: User,
        card: { title: 'My Profile', text: 'The details you gave us, and your ID document.' },
      },
      settings: {
        ...sharedPages.settings,
        card: { title: 'Settings', text: 'Choose email or SMS, change your phone number or password.' },
      },
      help: {
        ...sharedPages.help,
        card: { title: 'Help', text: 'How requests work, collecting your device in Lagos, and how to reach us.' },
      },
    },
    requestFlag: SETTINGS_KEYS.requestSubmitted,
    dashboard: {
      title: 'Recipient Dashboard',
      cardsLabel: 'Your recipient area',
      welcome: (user) => `Welcome, ${user.first_name}. From here you can request a device and follow your request.`,
      completeProfile:
        'Tell us about yourself and upload your ID. You can request a device once your profile is complete.',
      overview: false,
    },
    catalog: {
      title: 'Device Catalog',
      intro: 'Choose one device that would help you most. Our team reviews every request.',
      listLabel: 'Devices you can request',
      failed: 'Could not fetch the product catalog.',
      empty: 'No products are available in the catalog at this time.',
      units: false,
      unfinished: {
        text: 'Complete your profile before making a request.',
        link: 'Complete your profile',
        to: '/onboarding',
      },
      open: {
        text: 'You already have an active request, so the catalog is closed for now.',
        link: 'View its status',
        to: '/recipient/status',
      },
      summary: (name, price) => `${name}, ${formatNaira(price)}. Donors fund it; you pay nothing.`,
      failedRequest: 'Failed to submit your campaign request.',
      sent: 'Your request has been submitted for review.',
      after: 'status',
    },
    status: {
      failed: 'Could not fetch your campaign status.',
      readyForPickup: 'ready_for_pickup',
      empty: 'You have not created a campaign yet.',
      listLabel: 'Your requests, newest first',
      toCatalog: 'Choose a device from the catalog',
      // Product notes 4: each status in words, with what it means for the recipient.
      statuses: {
        pending: { ...RECIPIENT_STATUS_WORDS.pending, tone: 'warning', icon: Clock },
        approved: { ...RECIPIENT_STATUS_WORDS.approved, tone: 'info', icon: Radio },
        rejected: { ...RECIPIENT_STATUS_WORDS.rejected, tone: 'danger', icon: XCircle },
        purchased: { ...RECIPIENT_STATUS_WORDS.purchased, tone: 'success', icon: HandCoins },
        ready_for_pickup: { ...RECIPIENT_STATUS_WORDS.ready_for_pickup, tone: 'success', icon: PackageCheck },
        delivered: { ...RECIPIENT_STATUS_WORDS.delivered, tone: 'success', icon: CheckCircle2 },
      },
      withProgress: ['approved', 'purchased', 'ready_for_pickup', 'delivered'],
    },
    settings: {
      title: 'Settings',
      tabs: false,
      intro: 'Choose how we tell you about your request, change your phone number or password, or sign out.',
      passwordNote: 'Changing your password signs you out on every other device.',
    },
  },
  organization: {
    areaLabel: 'Organization area',
    pages: {
      dashboard: { ...dashboard, act: 'readCampaigns' },
      catalog: {
        menu: 'Product Catalog',
        icon: ShoppingBag,
        act: 'readCampaigns',
        card: {
          title: 'Request Devices',
          text: 'Choose a product from the organization catalog and the number of units you need.',
        },
      },
      status: {
        ...sharedPages.status,
        act: 'readCampaigns',
        card: { title: 'Campaign Status', text: 'Follow your requests: review, funding and units received.' },
      },
      profile: {
        menu: 'Organization Profile',
        icon: Building2,
        act: 'readCampaigns',
        card: { title: 'Organization Profile', text: 'The details and registration document you gave us.' },
      },
      team: {
        menu: 'Team Members',
        icon: Users,
        act: 'readTeam',
        card: { title: 'Team Members', text: 'The people who act for your organization, and their roles.' },
      },
      caseworkers: {
        menu: 'Caseworkers',
        icon: UserPlus,
        act: 'manageCaseworkers',
        card: { title: 'Caseworkers', text: 'Invite the staff who help people apply for devices.' },
      },
      gifts: {
        menu: 'Gifts',
        icon: Gift,
        act: 'readGifts',
        card: { title: 'Gifts', text: 'Gifts to your campaigns, their totals, and a CSV file to download.' },
      },
      settings: {
        ...sharedPages.settings,
        act: 'self',
        card: { title: 'Settings', text: 'Your account, notifications, team and security.' },
      },
      help: {
        ...sharedPages.help,
        card: { title: 'Help', text: 'How organization requests work and how collection is arranged.' },
      },
    },
    requestFlag: SETTINGS_KEYS.orgRequestSubmitted,
    dashboard: {
      title: 'Organization Dashboard',
      cardsLabel: 'Your organization area',
      welcome: (user) => {
        const name = user.organizationName || user.first_name;
        return name ? `Welcome, ${name}. Request devices for the people you serve and follow each request here.` : null;
      },
      completeProfile:
        'Tell us about your organization and upload its registration document before you request devices.',
      overview: true,
    },
    catalog: {
      title: 'Organization Product Catalog',
      intro: 'Choose a product and the number of units your organization needs. Donors fund each unit.',
      listLabel: 'Products your organization can request',
      failed: 'Could not fetch the organization product catalog.',
      empty: 'No products are available in the organization catalog at this time.',
      units: true,
      unfinished: {
        text: 'Complete your organization\u2019s profile before making a request.',
        link: 'Complete the profile',
        to: '/onboarding',
      },
      open: {
        text: 'Your organization already has an active request. View its status on your',
        link: 'dashboard',
        to: '/organization/dashboard',
        after: '.',
      },
      reasonLabel: 'Why does your organization need these units?',
      summary: (name, price, quantity) =>
        `${units(quantity)} of ${name} at ${formatNaira(price)} each: ${formatNaira(price * quantity)} in total, funded by donors.`,
      failedRequest: 'Failed to submit your organization campaign request.',
      sent: "Your organization's campaign request has been submitted for review!",
      after: 'dashboard',
    },
    status: {
      failed: 'Could not fetch your organization campaign status.',
      readyForPickup: 'ready_for_pickup',
      empty: 'Your organization has not created any campaigns yet.',
      listLabel: "Your organization's requests, newest first",
      toCatalog: 'Choose a product from the catalog',
      // Product notes 4: an organization campaign's statuses in words, with what each means.
      statuses: {
        pending: {
          word: 'Pending',
          meaning: 'Your request is under review. Review takes 2-3 business days.',
          tone: 'warning',
          icon: Clock,
        },
        approved: {
          word: 'Approved',
          meaning: 'Your campaign is live: donors can fund its units.',
          tone: 'info',
          icon: Radio,
        },
        partially_fulfilled: {
          word: 'Partially Funded',
          meaning: 'Donors have funded some of the units. The campaign stays live for the rest.',
          tone: 'info',
          icon: HandCoins,
        },
        paused: {
          word: 'Paused',
          meaning:
            'Our team has paused this campaign: it takes no new gifts until it is resumed. Gifts already being paid for still count.',
          tone: 'warning',
          icon: PauseCircle,
        },
        fulfilled: {
          word: 'Fully Funded',
          meaning: 'Every unit has been funded.',
          tone: 'success',
          icon: CheckCircle2,
        },
        closed: {
          word: 'Closed',
          meaning:
            'This campaign was closed early and takes no more gifts. What was raised stays with it, and the units it funded are handed over.',
          tone: 'neutral',
          icon: StopCircle,
        },
        ready_for_pickup: {
          word: 'Ready for Pickup',
          meaning:
            'The funded units are ready for you to collect in person at our centre in Lagos. Please bring the original of the ID you sent with your request.',
          tone: 'success',
          icon: PackageCheck,
        },
        delivered: {
          word: 'Delivered',
          meaning: 'The funded units have been handed over to your organization. We hope they serve your members well.',
          tone: 'success',
          icon: CheckCircle2,
        },
        rejected: {
          word: 'Rejected',
          meaning: 'This request was not approved. Your organization may make a new request.',
          tone: 'danger',
          icon: XCircle,
        },
      },
      withProgress: [
        'approved',
        'partially_fulfilled',
        'paused',
        'fulfilled',
        'closed',
        'ready_for_pickup',
        'delivered',
      ],
    },
    settings: {
      title: 'Organization Settings',
      tabs: true,
      passwordNote: 'Changing your password signs you out on every other device.',
    },
  },
};

/**
 * The kind's pages in the sidebar's order, each with its words: for a member of an organization,
 * only those their role may use (docs/decisions/0075).
 */
export const areaPages = (kind: RequesterKind, user?: SessionUser | null): AreaPage[] =>
  AREA_PAGES[kind]
    .map((page) => ({ page, ...KINDS[kind].pages[page]! }))
    .filter((page) => !page.act || userMayAct(user, page.act));
