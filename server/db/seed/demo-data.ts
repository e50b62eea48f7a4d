/** The demo catalogue and people. Prices are integer kobo (₦1 = 100 kobo). */

export const DEMO_PASSWORD = 'DemoPass123!';
/** The demo recipient's voice line PIN (docs/decisions/0068), for calling the line with curl. */
export const DEMO_VOICE_PIN = '2468';

/**
 * The authenticator secret of the demo admins (admin@ and staff@), printed in README so a newcomer can
 * add it to an authenticator app and sign in (docs/decisions/0070). Never used outside the demo data.
 */
export const DEMO_TOTP_SECRET = 'GIFTOFINDEPENDENCEDEMOKEYABCDEFG';

export const demoAccounts = {
  donor: { email: 'donor@example.com', firstName: 'Chiamaka', lastName: 'Eze', phone: '+2348031234567' },
  recipient: { email: 'recipient@example.com', firstName: 'Tunde', lastName: 'Bakare', phone: '+2348029876543' },
  organization: { email: 'organization@example.com', firstName: 'Ngozi', lastName: 'Okafor', phone: '+2348051112233' },
  /** A super admin: adds admin accounts and deletes accounts, besides everything an admin does (docs/decisions/0024). */
  admin: {
    email: 'admin@example.com',
    firstName: 'Adaeze',
    lastName: 'Nwosu',
    phone: '+2348090001122',
    role: 'super_admin',
  },
  /** A plain admin: reviews requests and manages the catalogues and content. */
  staff: { email: 'staff@example.com', firstName: 'Emeka', lastName: 'Obi', phone: '+2348090003344', role: 'admin' },
  /** A caseworker of the demo organization (docs/decisions/0043): applies for people who consent. */
  caseworker: { email: 'caseworker@example.com', firstName: 'Grace', lastName: 'Umeh', phone: '+2348031230003' },
  /** Signed up and verified, onboarding not yet done: for trying the wizards. */
  newRecipient: { email: 'new.recipient@example.com', firstName: 'Kemi', lastName: 'Adebayo', phone: '+2348031230001' },
  /**
   * A recipient with a phone and no email (docs/decisions/0066): signs in with a code sent by SMS,
   * which the SMS outbox under DATA_DIR shows. Onboarding not yet done.
   */
  phoneOnly: { firstName: 'Yusuf', lastName: 'Garba', phone: '+2348031230004' },
  newOrganization: {
    email: 'new.organization@example.com',
    firstName: 'Musa',
    lastName: 'Danjuma',
    phone: '+2348031230002',
    organizationName: 'Jos Braille Reading Circle',
  },
} as const;

/** The demo recipient the demo caseworker helped apply, with spoken consent before a witness. */
export const demoAssisted = {
  recipient: 'esther.ojo@example.com',
  caseworker: demoAccounts.caseworker.email,
  organization: demoAccounts.organization.email,
  consentDaysAgo: 5,
  witnessName: 'Mrs Bola Ojo, her mother',
} as const;

/** Sample documents (marked as samples), copied into private storage: never served publicly. */
export const demoDocuments = {
  recipientId: { key: 'private/seed/sample-nin-slip.pdf', file: 'sample-nin-slip.pdf' },
  organizationPapers: { key: 'private/seed/sample-cac-certificate.pdf', file: 'sample-cac-certificate.pdf' },
} as const;

export const naira = (n: number) => Math.round(n * 100);

export const demoProducts = [
  {
    key: 'orbit',
    name: 'Orbit Reader 20 Braille Display',
    description:
      'A 20-cell refreshable braille display and stand-alone book reader. Connects to phones and computers over Bluetooth or USB so a blind student can read and write in braille anywhere.',
    price: naira(850_000),
    image: 'seed/orbit-reader-20.svg',
    specifications: { 'Braille cells': '20', Connectivity: 'Bluetooth, USB', Battery: 'Up to 20 hours' },
  },
  {
    key: 'focus40',
    name: 'Focus 40 Blue Braille Display',
    description:
      'A 40-cell braille display with a Perkins-style keyboard, built for full-time work with JAWS or NVDA on a laptop and VoiceOver or TalkBack on a phone.',
    price: naira(2_900_000),
    image: 'seed/focus-40-braille.svg',
    specifications: { 'Braille cells': '40', Keyboard: 'Perkins-style, 8 keys', Connectivity: 'Bluetooth, USB-C' },
  },
  {
    key: 'laptop',
    name: 'Screen-Reader Laptop Kit',
    description:
      'A 15-inch laptop set up with the NVDA screen reader, a talking-keyboard tutorial and noise-cancelling headphones, ready for school, work and online learning.',
    price: naira(650_000),
    image: 'seed/screen-reader-laptop.svg',
    specifications: { Processor: 'Intel Core i5', Memory: '8 GB', 'Screen reader': 'NVDA (free, preinstalled)' },
  },
  {
    key: 'smartcane',
    name: 'WeWALK Smart Cane',
    description:
      'A white cane with an ultrasonic sensor that vibrates before head-level obstacles and pairs with a phone for spoken walking directions.',
    price: naira(1_100_000),
    image: 'seed/smart-cane.svg',
    specifications: { Sensor: 'Ultrasonic, head-level', Battery: 'About 19 hours', Folding: 'Yes, 4 sections' },
  },
  {
    key: 'cane',
    name: 'Folding White Cane',
    description:
      'A light aluminium folding long cane with a rolling marshmallow tip and a reflective finish, sized to the user. The first tool for safe independent travel.',
    price: naira(45_000),
    image: 'seed/white-cane.svg',
    specifications: { Material: 'Aluminium', Tip: 'Rolling marshmallow', Lengths: '110 to 150 cm' },
  },
  {
    key: 'perkins',
    name: 'Perkins Brailler',
    description:
      'The classic mechanical braille writer used in schools worldwide. Durable, needs no power, and lets a child write braille from the first day of class.',
    price: naira(1_250_000),
    image: 'seed/perkins-brailler.svg',
    specifications: { Type: 'Mechanical', Paper: 'Up to 11.5 x 11 inches', Weight: '4.5 kg' },
  },
  {
    key: 'daisy',
    name: 'Victor Reader Stream DAISY Player',
    description:
      'A pocket talking book player for DAISY audiobooks, podcasts and text files, with a tactile keypad and a built-in voice recorder for lecture notes.',
    price: naira(520_000),
    image: 'seed/daisy-player.svg',
    specifications: { Formats: 'DAISY, MP3, EPUB, TXT', Storage: '32 GB card', Connectivity: 'Wi-Fi' },
  },
  {
    key: 'magnifier',
    name: 'Explore 5 Handheld Video Magnifier',
    description:
      'A handheld electronic magnifier with a 5-inch screen, up to 22 times zoom and high-contrast colour modes for people with low vision.',
    price: naira(780_000),
    image: 'seed/video-magnifier.svg',
    specifications: { Screen: '5 inches', Magnification: '2x to 22x', 'Colour modes': '18 high-contrast' },
  },
  {
    key: 'calculator',
    name: 'Talking Scientific Calculator',
    description:
      'A large-key scientific calculator that speaks every key press and result aloud, for secondary school and university mathematics.',
    price: naira(85_000),
    image: 'seed/talking-calculator.svg',
    specifications: { Functions: 'Scientific', Speech: 'English', Power: 'Batteries and USB' },
  },
  {
    key: 'phone',
    name: 'Accessible Android Smartphone',
    description:
      'An Android smartphone set up with TalkBack, a braille keyboard and reading apps, with a data plan for the first three months.',
    price: naira(250_000),
    image: 'seed/smartphone.svg',
    specifications: { 'Screen reader': 'TalkBack', Storage: '128 GB', Extras: 'Screen protector, case' },
  },
] as const;

export const demoOrganizationProducts = [
  {
    key: 'slate',
    name: 'Braille Slate and Stylus Set',
    description: 'A 4-line pocket slate with a stylus: the pen and paper of braille, for every pupil in a class.',
    price: naira(12_000),
    maxQuantity: 200,
    image: '/media/seed/slate-stylus.svg',
    specifications: { Lines: '4', Cells: '28 per line', Material: 'Aluminium' },
  },
  {
    key: 'perkins',
    name: 'Perkins Brailler (School Unit)',
    description: 'Mechanical braille writers for resource rooms and braille literacy classes.',
    price: naira(1_250_000),
    maxQuantity: 20,
    image: '/media/seed/perkins-brailler.svg',
    specifications: { Type: 'Mechanical', Warranty: '5 years' },
  },
  {
    key: 'workstation',
    name: 'Screen-Reader Desktop Workstation',
    description:
      'A desktop computer with NVDA, headset and a tactile-marked keyboard for computer labs and training centres.',
    price: naira(700_000),
    maxQuantity: 30,
    image: '/media/seed/desktop-workstation.svg',
    specifications: { Processor: 'Intel Core i5', Memory: '16 GB', 'Screen reader': 'NVDA' },
  },
  {
    key: 'cane',
    name: 'Folding White Cane (Bulk)',
    description: 'Folding long canes in assorted lengths for orientation and mobility training programmes.',
    price: naira(45_000),
    maxQuantity: 100,
    image: '/media/seed/white-cane.svg',
    specifications: { Material: 'Aluminium', Lengths: 'Assorted' },
  },
  {
    key: 'paper',
    name: 'Braille Paper (Ream of 500 Sheets)',
    description: 'Heavy 160 gsm paper that holds embossed dots through years of reading.',
    price: naira(35_000),
    maxQuantity: 100,
    image: '/media/seed/braille-paper.svg',
    specifications: { Weight: '160 gsm', Size: '11 x 11.5 inches' },
  },
  {
    key: 'abacus',
    name: 'Cranmer Tactile Abacus',
    description: 'A 13-rod abacus with felt backing so beads stay put; teaches arithmetic by touch.',
    price: naira(18_000),
    maxQuantity: 150,
    image: '/media/seed/abacus.svg',
    specifications: { Rods: '13', Backing: 'Felt' },
  },
  {
    key: 'daisy',
    name: 'DAISY Audiobook Player (Library Unit)',
    description: 'Talking book players for school and community libraries serving blind readers.',
    price: naira(520_000),
    maxQuantity: 25,
    image: '/media/seed/daisy-player.svg',
    specifications: { Formats: 'DAISY, MP3, EPUB' },
  },
  {
    key: 'embosser',
    name: 'Index Everest Braille Embosser',
    description: 'A double-sided braille printer that turns textbooks and exam papers into braille for a whole school.',
    price: naira(6_800_000),
    maxQuantity: 3,
    image: '/media/seed/braille-embosser.svg',
    specifications: { Speed: '100 characters per second', Sides: 'Double-sided' },
  },
  {
    key: 'calculator',
    name: 'Talking Calculator (Class Set)',
    description: 'Speaking calculators for mathematics lessons in inclusive classrooms.',
    price: naira(85_000),
    maxQuantity: 60,
    image: '/media/seed/talking-calculator.svg',
    specifications: { Functions: 'Scientific', Speech: 'English' },
    isAvailable: false,
  },
] as const;

type Gender = 'Male' | 'Female';
type Employment = 'Employed' | 'Self-employed' | 'Unemployed' | 'Student';

export type DemoRecipient = {
  photo?: string;
  document?: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  gender: Gender;
  age: number;
  state: string;
  employment: Employment;
  bio: string;
  /** Left out: the defaults, first name and initial and no state, as a new recipient gets. */
  publicName?: 'full' | 'first_initial';
  showState?: boolean;
};

export const demoRecipients: DemoRecipient[] = [
  {
    photo: 'seed/tunde-bakare.svg',
    document: demoDocuments.recipientId.key,
    email: 'recipient@example.com',
    firstName: 'Tunde',
    lastName: 'Bakare',
    phone: '+2348029876543',
    gender: 'Male',
    age: 21,
    state: 'Lagos',
    employment: 'Student',
    bio: 'Computer science student at the University of Lagos.',
    publicName: 'full',
    showState: true,
  },
  {
    email: 'amina.yusuf@example.com',
    firstName: 'Amina',
    lastName: 'Yusuf',
    phone: '+2348030000001',
    gender: 'Female',
    age: 17,
    state: 'Oyo',
    employment: 'Student',
    bio: 'Senior secondary student preparing for WAEC.',
  },
  {
    email: 'emeka.obi@example.com',
    firstName: 'Emeka',
    lastName: 'Obi',
    phone: '+2348030000002',
    gender: 'Male',
    age: 34,
    state: 'Ogun',
    employment: 'Self-employed',
    bio: 'Runs a phone accessories shop in Abeokuta.',
  },
  {
    email: 'funke.adeyemi@example.com',
    firstName: 'Funke',
    lastName: 'Adeyemi',
    phone: '+2348030000003',
    gender: 'Female',
    age: 28,
    state: 'Lagos',
    employment: 'Employed',
    bio: 'Customer service agent at a call centre.',
  },
  {
    email: 'ibrahim.musa@example.com',
    firstName: 'Ibrahim',
    lastName: 'Musa',
    phone: '+2348030000004',
    gender: 'Male',
    age: 45,
    state: 'Kwara',
    employment: 'Unemployed',
    bio: 'Former teacher who lost his sight to glaucoma.',
  },
  {
    email: 'blessing.okon@example.com',
    firstName: 'Blessing',
    lastName: 'Okon',
    phone: '+2348030000005',
    gender: 'Female',
    age: 19,
    state: 'Edo',
    employment: 'Student',
    bio: 'First-year law student.',
  },
  {
    email: 'segun.alabi@example.com',
    firstName: 'Segun',
    lastName: 'Alabi',
    phone: '+2348030000006',
    gender: 'Male',
    age: 31,
    state: 'Osun',
    employment: 'Employed',
    bio: 'Radio presenter and accessibility advocate.',
  },
  {
    email: 'chioma.nnaji@example.com',
    firstName: 'Chioma',
    lastName: 'Nnaji',
    phone: '+2348030000007',
    gender: 'Female',
    age: 24,
    state: 'Delta',
    employment: 'Self-employed',
    bio: 'Fashion designer building an online shop.',
  },
  {
    email: 'yemi.ogunleye@example.com',
    firstName: 'Yemi',
    lastName: 'Ogunleye',
    phone: '+2348030000008',
    gender: 'Female',
    age: 12,
    state: 'Ekiti',
    employment: 'Student',
    bio: 'Primary six pupil who loves reading.',
  },
  {
    email: 'musa.danjuma@example.com',
    firstName: 'Musa',
    lastName: 'Danjuma',
    phone: '+2348030000009',
    gender: 'Male',
    age: 52,
    state: 'Ondo',
    employment: 'Self-employed',
    bio: 'Farmer and cooperative secretary.',
  },
  {
    email: 'halima.bello@example.com',
    firstName: 'Halima',
    lastName: 'Bello',
    phone: '+2348030000010',
    gender: 'Female',
    age: 26,
    state: 'Lagos',
    employment: 'Unemployed',
    bio: 'Graduate looking for work in accounting.',
  },
  {
    email: 'kunle.afolabi@example.com',
    firstName: 'Kunle',
    lastName: 'Afolabi',
    phone: '+2348030000011',
    gender: 'Male',
    age: 38,
    state: 'Oyo',
    employment: 'Employed',
    bio: 'Physiotherapist at a general hospital.',
  },
  {
    email: 'esther.ojo@example.com',
    firstName: 'Esther',
    lastName: 'Ojo',
    phone: '+2348030000012',
    gender: 'Female',
    age: 15,
    state: 'Ogun',
    employment: 'Student',
    bio: 'Junior secondary student and chess player.',
  },
];

type RecipientStatus = 'pending' | 'approved' | 'rejected' | 'purchased' | 'delivered';

export type DemoRecipientCampaign = {
  recipient: string;
  product: (typeof demoProducts)[number]['key'];
  status: RecipientStatus;
  featured?: boolean;
  daysAgo: number;
  reason: string;
  adminNotes?: string;
  /** Who paid, for purchased and delivered campaigns: the demo donor or a guest. */
  donor?: 'demo' | { name: string; email: string };
  video?: string;
};

export const demoRecipientCampaigns: DemoRecipientCampaign[] = [
  {
    recipient: 'recipient@example.com',
    product: 'laptop',
    status: 'approved',
    featured: true,
    daysAgo: 6,
    reason:
      "I study computer science and do all my coursework by ear. A laptop with a screen reader would let me write code and submit assignments on time instead of borrowing a friend's computer.",
  },
  {
    recipient: 'amina.yusuf@example.com',
    product: 'orbit',
    status: 'approved',
    featured: true,
    daysAgo: 9,
    reason:
      'My WAEC exams are coming and I need to read mathematics and chemistry in braille. A braille display would let me read the same e-books as my classmates.',
  },
  {
    recipient: 'emeka.obi@example.com',
    product: 'smartcane',
    status: 'approved',
    featured: true,
    daysAgo: 12,
    reason:
      'I walk to my shop through a busy market every morning. A smart cane would warn me of hanging signboards and open gutters that my cane cannot find.',
  },
  {
    recipient: 'funke.adeyemi@example.com',
    product: 'focus40',
    status: 'approved',
    daysAgo: 15,
    reason:
      'My employer has promised me a team lead role if I can work faster in our ticketing system. A 40-cell braille display would let me read customer records quickly and accurately.',
  },
  {
    recipient: 'ibrahim.musa@example.com',
    product: 'daisy',
    status: 'approved',
    daysAgo: 20,
    reason:
      'Since losing my sight I have missed reading. A talking book player would let me read again and help me retrain as a counsellor.',
  },
  {
    recipient: 'blessing.okon@example.com',
    product: 'magnifier',
    status: 'pending',
    daysAgo: 2,
    reason:
      'I have low vision and cannot read the small print in my law textbooks. A video magnifier would let me keep up with my reading list.',
  },
  {
    recipient: 'segun.alabi@example.com',
    product: 'phone',
    status: 'pending',
    daysAgo: 1,
    reason:
      'I present a radio programme on disability rights and need an accessible phone to read listener messages and scripts on air.',
  },
  {
    recipient: 'chioma.nnaji@example.com',
    product: 'calculator',
    status: 'rejected',
    daysAgo: 25,
    reason: 'I need a calculator that speaks so I can price my designs and keep my accounts without help.',
    adminNotes: 'Please upload a clearer copy of your ID document and submit again.',
  },
  {
    recipient: 'yemi.ogunleye@example.com',
    product: 'perkins',
    status: 'purchased',
    daysAgo: 40,
    reason:
      'My school has one brailler for twelve pupils. With my own brailler I could do my homework at home every evening.',
    donor: 'demo',
  },
  {
    recipient: 'musa.danjuma@example.com',
    product: 'cane',
    status: 'purchased',
    daysAgo: 45,
    reason:
      'My old cane broke last month and I now depend on my children to take me to the farm and to cooperative meetings.',
    donor: { name: 'Oluwaseun Akande', email: 'seun.akande@example.net' },
  },
  {
    recipient: 'halima.bello@example.com',
    product: 'laptop',
    status: 'delivered',
    daysAgo: 70,
    reason:
      'I finished my accounting degree but cannot apply for jobs that need spreadsheet skills without an accessible computer.',
    donor: 'demo',
    video: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  },
  {
    recipient: 'kunle.afolabi@example.com',
    product: 'orbit',
    status: 'delivered',
    daysAgo: 90,
    reason:
      'I write patient notes every day and need a braille display to check them before they go into the hospital record.',
    donor: { name: 'Grace Ibekwe', email: 'grace.ibekwe@example.net' },
    video: 'https://vimeo.com/76979871',
  },
  {
    recipient: 'esther.ojo@example.com',
    product: 'phone',
    status: 'approved',
    daysAgo: 4,
    reason:
      'I want to join the national braille chess league online, and an accessible phone would let me play and study games at home.',
  },
];

export type DemoOrganization = {
  logo?: string;
  document?: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  organizationName: string;
  year: number;
  state: string;
  bio: string;
};

export const demoOrganizations: DemoOrganization[] = [
  {
    logo: 'seed/lagos-school-for-the-blind.svg',
    document: demoDocuments.organizationPapers.key,
    email: 'organization@example.com',
    firstName: 'Ngozi',
    lastName: 'Okafor',
    phone: '+2348051112233',
    organizationName: 'Lagos School for the Blind',
    year: 1962,
    state: 'Lagos',
    bio: 'A primary and secondary school serving 180 blind and low-vision pupils.',
  },
  {
    email: 'vision.ibadan@example.com',
    firstName: 'Adebayo',
    lastName: 'Ogunbiyi',
    phone: '+2348051112234',
    organizationName: 'Ibadan Vision Resource Centre',
    year: 1998,
    state: 'Oyo',
    bio: 'Trains blind adults in computer skills and orientation and mobility.',
  },
  {
    email: 'hope.abeokuta@example.com',
    firstName: 'Fatima',
    lastName: 'Lawal',
    phone: '+2348051112235',
    organizationName: 'Hope Braille Library, Abeokuta',
    year: 2010,
    state: 'Ogun',
    bio: 'A community braille and talking-book library.',
  },
  {
    email: 'mobility.kaduna@example.com',
    firstName: 'Yusuf',
    lastName: 'Abubakar',
    phone: '+2348051112236',
    organizationName: 'Kaduna Mobility Training Centre',
    year: 2004,
    state: 'Kaduna',
    bio: 'Teaches orientation and mobility to newly blind adults.',
  },
];

type OrganizationStatus = 'pending' | 'approved' | 'partially_fulfilled' | 'fulfilled' | 'rejected';

export type DemoOrganizationCampaign = {
  organization: string;
  product: (typeof demoOrganizationProducts)[number]['key'];
  quantity: number;
  status: OrganizationStatus;
  daysAgo: number;
  reason: string;
  /** Paid gifts behind units_fulfilled and amount_raised. */
  gifts?: Array<{ donor: 'demo' | { name: string; email: string }; units: number; daysAgo: number }>;
};

export const demoOrganizationCampaigns: DemoOrganizationCampaign[] = [
  {
    organization: 'organization@example.com',
    product: 'slate',
    quantity: 60,
    status: 'partially_fulfilled',
    daysAgo: 14,
    reason:
      'Sixty new pupils join our primary section in September and each needs a slate and stylus for braille writing lessons.',
    gifts: [
      { donor: 'demo', units: 10, daysAgo: 10 },
      { donor: { name: 'Kelechi Umeh', email: 'kelechi.umeh@example.net' }, units: 15, daysAgo: 7 },
    ],
  },
  {
    organization: 'vision.ibadan@example.com',
    product: 'workstation',
    quantity: 8,
    status: 'approved',
    daysAgo: 8,
    reason:
      'Our computer training lab has two working machines for forty trainees; eight workstations would let a full class practise at once.',
  },
  {
    organization: 'hope.abeokuta@example.com',
    product: 'daisy',
    quantity: 4,
    status: 'fulfilled',
    daysAgo: 60,
    reason:
      'Our members borrow talking books but have no players at home. Four lending players would serve our reading circle.',
    gifts: [
      { donor: { name: 'Aisha Garba', email: 'aisha.garba@example.net' }, units: 2, daysAgo: 50 },
      { donor: 'demo', units: 2, daysAgo: 48 },
    ],
  },
  {
    organization: 'mobility.kaduna@example.com',
    product: 'cane',
    quantity: 40,
    status: 'pending',
    daysAgo: 3,
    reason:
      'Our orientation and mobility course starts next month and most trainees arrive without a proper long cane.',
  },
  {
    organization: 'hope.abeokuta@example.com',
    product: 'paper',
    quantity: 20,
    status: 'approved',
    daysAgo: 5,
    reason: 'We emboss exam past questions for secondary students and have run out of braille paper for the new term.',
  },
];

export const demoStories = [
  {
    title: 'Halima Lands Her First Accounting Job',
    recipientName: 'Halima Bello',
    image: 'seed/story-1.svg',
    text: 'Halima graduated in accounting but every job asked for spreadsheet skills she could not show without an accessible computer. Three weeks after collecting her screen-reader laptop in Lagos she passed a practical test with NVDA and Excel, and she now works in the finance office of a logistics company.',
  },
  {
    title: 'Kunle Writes His Own Patient Notes Again',
    recipientName: 'Kunle Afolabi',
    image: 'seed/story-3.svg',
    text: 'As a physiotherapist, Kunle relied on colleagues to read back the notes he dictated. With his braille display he checks every note himself before it enters the hospital record, and he has started teaching two blind students who want to join his profession.',
  },
  {
    title: 'Mama Adunni Walks to Market on Her Own',
    recipientName: 'Adunni Oladipo',
    image: 'seed/story-2.svg',
    text: 'For years Mama Adunni waited for a grandchild to walk her to the market in Ogbomoso. A donor funded her folding white cane and two mobility lessons, and she now sells her pepper and tomatoes every morning without waiting for anyone.',
  },
] as const;

export const demoStats = [
  { title: 'Devices Funded', value: 214, icon: 'GiftIcon', order: 1, visible: true },
  { title: 'Lives Touched', value: 1350, icon: 'UsersIcon', order: 2, visible: true },
  { title: 'Partner Organizations', value: 18, icon: 'BuildingIcon', order: 3, visible: true },
  { title: 'States Reached', value: 12, icon: 'MapPinIcon', order: 4, visible: true },
  { title: 'Generous Donors', value: 890, icon: 'HeartIcon', order: 5, visible: true },
  { title: 'Volunteers Trained', value: 40, icon: 'SparklesIcon', order: 6, visible: false },
] as const;

/** Collection times at the centre in Lagos: days from the seeding day, the hour in Lagos, places (docs/decisions/0044). */
export const demoCollectionSlots = [
  { inDays: 2, lagosHour: 10, capacity: 8 },
  { inDays: 2, lagosHour: 14, capacity: 8 },
  { inDays: 5, lagosHour: 11, capacity: 12 },
] as const;
