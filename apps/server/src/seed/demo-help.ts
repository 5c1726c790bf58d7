import type { LanguageCode } from '@playfront/contract';
import type { HelpCategory } from '@playfront/contract/support-paths';
import type { Db } from '../db/database.ts';

/**
 * Help centre articles of the demo brand, in English and Bengali. Content is
 * server-authored HTML (headings, paragraphs, lists) that the web renders as is.
 * The terms article has slug `term`, so /help#term opens it.
 */
type Article = { slug: string; sort: number; category: HelpCategory } & Record<LanguageCode, { title: string; content: string }>;

export const DEMO_HELP_ARTICLES: readonly Article[] = [
  {
    slug: 'term',
    sort: 1,
    category: 'RULES',
    EN: {
      title: 'Terms and Conditions',
      content: `<h3>1. Who may play</h3>
<p>You must be at least 18 years old, and old enough under the law of the place where you live, to open an account. You may hold one account only. We may ask for proof of age and identity at any time, and we close accounts opened by minors and refund their deposits.</p>
<h3>2. Your account</h3>
<ul>
<li>Keep your username, password and payment password to yourself. Every action taken with them counts as yours.</li>
<li>The name on your account must match the name on the wallet or bank account you deposit from and withdraw to.</li>
<li>Tell customer service at once if you think someone else has used your account.</li>
</ul>
<h3>3. Deposits, bets and withdrawals</h3>
<p>All amounts are in Bangladeshi Taka (BDT). A bet is final once it is confirmed on screen. If a game fails during a round, the result recorded by the game provider stands; a round that cannot be completed is voided and the stake is returned.</p>
<p>Withdrawals go only to a payment account in your own name. Before we pay a withdrawal, deposits must have been wagered at least once, and the wagering requirements of any bonus you accepted must be met.</p>
<h3>4. Bonuses and promotions</h3>
<p>Each promotion has its own rules, shown on its page. Bonuses are for personal play only. We may cancel bonuses and the winnings from them where we find several accounts held by one person, coordinated betting or any abuse of a promotion.</p>
<h3>5. Fair play</h3>
<p>Using bots, exploiting a software fault or colluding with other players is forbidden. We may suspend an account while we look into irregular play and may void bets placed through such play.</p>
<h3>6. Changes</h3>
<p>We may update these terms. The version shown here is the one in force; important changes are announced on the site before they apply.</p>`,
    },
    BN: {
      title: 'শর্তাবলী',
      content: `<h3>১. কারা খেলতে পারবেন</h3>
<p>অ্যাকাউন্ট খুলতে আপনার বয়স কমপক্ষে ১৮ বছর হতে হবে, এবং আপনি যেখানে থাকেন সেখানকার আইনেও প্রাপ্তবয়স্ক হতে হবে। একজন ব্যক্তি কেবল একটি অ্যাকাউন্ট রাখতে পারবেন। আমরা যেকোনো সময় বয়স ও পরিচয়ের প্রমাণ চাইতে পারি; অপ্রাপ্তবয়স্কদের খোলা অ্যাকাউন্ট বন্ধ করে তাদের জমা টাকা ফেরত দেওয়া হয়।</p>
<h3>২. আপনার অ্যাকাউন্ট</h3>
<ul>
<li>আপনার ইউজারনেম, পাসওয়ার্ড ও পেমেন্ট পাসওয়ার্ড কাউকে জানাবেন না। এগুলো দিয়ে করা প্রতিটি কাজ আপনার নিজের বলে গণ্য হবে।</li>
<li>যে ওয়ালেট বা ব্যাংক অ্যাকাউন্ট থেকে টাকা জমা দেন এবং যেখানে টাকা তোলেন, তার নামের সঙ্গে আপনার অ্যাকাউন্টের নাম মিলতে হবে।</li>
<li>অন্য কেউ আপনার অ্যাকাউন্ট ব্যবহার করেছে বলে মনে হলে সঙ্গে সঙ্গে গ্রাহক সেবায় জানান।</li>
</ul>
<h3>৩. জমা, বাজি ও উত্তোলন</h3>
<p>সব অঙ্ক বাংলাদেশি টাকায় (BDT)। স্ক্রিনে নিশ্চিত হওয়ার পর বাজি চূড়ান্ত। খেলার মাঝে কোনো গেম বন্ধ হয়ে গেলে গেম প্রোভাইডারের রেকর্ড করা ফলাফলই বহাল থাকবে; যে রাউন্ড শেষ করা যায়নি তা বাতিল হবে এবং বাজির টাকা ফেরত দেওয়া হবে।</p>
<p>টাকা শুধু আপনার নিজের নামের পেমেন্ট অ্যাকাউন্টেই পাঠানো হয়। উত্তোলনের আগে জমা দেওয়া টাকা অন্তত একবার বাজিতে খেলতে হবে, আর কোনো বোনাস নিয়ে থাকলে তার টার্নওভারের শর্ত পূরণ করতে হবে।</p>
<h3>৪. বোনাস ও প্রমোশন</h3>
<p>প্রতিটি প্রমোশনের নিজস্ব নিয়ম তার পাতায় দেওয়া আছে। বোনাস শুধু ব্যক্তিগত খেলার জন্য। একই ব্যক্তির একাধিক অ্যাকাউন্ট, যোগসাজশে বাজি বা প্রমোশনের অপব্যবহার পেলে আমরা বোনাস ও তা থেকে পাওয়া জয়ের টাকা বাতিল করতে পারি।</p>
<h3>৫. ন্যায্য খেলা</h3>
<p>বট ব্যবহার, সফটওয়্যারের ত্রুটির সুযোগ নেওয়া বা অন্য খেলোয়াড়ের সঙ্গে যোগসাজশ নিষিদ্ধ। অস্বাভাবিক খেলা যাচাইয়ের সময় আমরা অ্যাকাউন্ট সাময়িকভাবে বন্ধ রাখতে পারি এবং এমন খেলায় ধরা বাজি বাতিল করতে পারি।</p>
<h3>৬. পরিবর্তন</h3>
<p>আমরা এই শর্তাবলী হালনাগাদ করতে পারি। এখানে দেখানো সংস্করণটিই কার্যকর; গুরুত্বপূর্ণ পরিবর্তন কার্যকর হওয়ার আগে সাইটে ঘোষণা করা হয়।</p>`,
    },
  },
  {
    slug: 'privacy',
    sort: 2,
    category: 'RULES',
    EN: {
      title: 'Privacy Policy',
      content: `<h3>What we collect</h3>
<ul>
<li>Account details you give us: username, mobile number, e-mail, payee name and the payment accounts you add.</li>
<li>Activity on your account: deposits, withdrawals, bets, bonuses and messages with customer service.</li>
<li>Technical data: IP address, device and browser type, used to keep your account safe and to apply regional rules.</li>
</ul>
<h3>Why we use it</h3>
<p>To run your account and pay your winnings, to verify your identity and age, to prevent fraud and money laundering, and to meet our legal duties. With your consent we also send you offers; you can switch them off at any time in My Account.</p>
<h3>Who we share it with</h3>
<p>Only with payment providers and game providers as far as needed to process your transactions and bets, and with authorities where the law requires it. We never sell your data.</p>
<h3>How we protect it</h3>
<p>Passwords are stored only as one-way hashes, sensitive requests travel encrypted, and our staff see only what their job needs. We keep records for as long as the law requires after your account is closed.</p>
<h3>Your rights</h3>
<p>You can ask for a copy of your data, ask us to correct it, or ask us to close your account. Contact customer service; we answer within 30 days.</p>`,
    },
    BN: {
      title: 'গোপনীয়তা নীতি',
      content: `<h3>আমরা কী তথ্য সংগ্রহ করি</h3>
<ul>
<li>আপনার দেওয়া অ্যাকাউন্টের তথ্য: ইউজারনেম, মোবাইল নম্বর, ই-মেইল, প্রাপকের নাম এবং আপনার যোগ করা পেমেন্ট অ্যাকাউন্ট।</li>
<li>অ্যাকাউন্টের কার্যক্রম: জমা, উত্তোলন, বাজি, বোনাস এবং গ্রাহক সেবার সঙ্গে আপনার বার্তা।</li>
<li>প্রযুক্তিগত তথ্য: আইপি ঠিকানা, ডিভাইস ও ব্রাউজারের ধরন; এগুলো আপনার অ্যাকাউন্ট সুরক্ষিত রাখতে এবং অঞ্চলভিত্তিক নিয়ম প্রয়োগ করতে ব্যবহৃত হয়।</li>
</ul>
<h3>কেন ব্যবহার করি</h3>
<p>আপনার অ্যাকাউন্ট চালাতে ও জয়ের টাকা পরিশোধ করতে, পরিচয় ও বয়স যাচাই করতে, প্রতারণা ও অর্থপাচার ঠেকাতে এবং আইনি দায়িত্ব পালন করতে। আপনার সম্মতি থাকলে আমরা অফারও পাঠাই; মাই অ্যাকাউন্ট থেকে যেকোনো সময় তা বন্ধ করতে পারেন।</p>
<h3>কাদের সঙ্গে শেয়ার করি</h3>
<p>শুধু পেমেন্ট প্রোভাইডার ও গেম প্রোভাইডারের সঙ্গে, যতটুকু আপনার লেনদেন ও বাজি সম্পন্ন করতে দরকার; আর আইন অনুযায়ী প্রয়োজন হলে কর্তৃপক্ষের সঙ্গে। আমরা কখনো আপনার তথ্য বিক্রি করি না।</p>
<h3>কীভাবে সুরক্ষিত রাখি</h3>
<p>পাসওয়ার্ড শুধু একমুখী হ্যাশ হিসেবে রাখা হয়, সংবেদনশীল অনুরোধ এনক্রিপ্ট করে পাঠানো হয়, আর আমাদের কর্মীরা কেবল নিজের কাজের জন্য প্রয়োজনীয় তথ্যই দেখতে পান। অ্যাকাউন্ট বন্ধ হওয়ার পরও আইন যতদিন চায় ততদিন রেকর্ড রাখা হয়।</p>
<h3>আপনার অধিকার</h3>
<p>আপনি আপনার তথ্যের একটি কপি চাইতে পারেন, ভুল সংশোধন করতে বলতে পারেন, অথবা অ্যাকাউন্ট বন্ধ করতে বলতে পারেন। গ্রাহক সেবায় যোগাযোগ করুন; আমরা ৩০ দিনের মধ্যে উত্তর দিই।</p>`,
    },
  },
  {
    slug: 'responsible-gaming',
    sort: 3,
    category: 'ACCOUNT',
    EN: {
      title: 'Responsible Gaming',
      content: `<p>Gaming should be fun, never a way to make money or to escape problems. Decide in advance how much time and money you will spend, and stop when you reach it.</p>
<h3>Tools you can use</h3>
<ul>
<li><strong>Deposit limits</strong>: set a daily, weekly or monthly limit in My Account → Security Center. Lowering a limit takes effect at once; raising it takes effect after 24 hours.</li>
<li><strong>Time out</strong>: take a break of 24 hours, 7 days or 30 days. You cannot log in until it ends.</li>
<li><strong>Self-exclusion</strong>: close your account for at least six months. Customer service will not reopen it early.</li>
</ul>
<h3>Warning signs</h3>
<ul>
<li>Chasing losses or betting more to win back what you lost.</li>
<li>Borrowing money or selling things to gamble.</li>
<li>Gambling to escape worry, stress or boredom.</li>
<li>Hiding your gambling from family or friends.</li>
</ul>
<p>If any of this sounds familiar, talk to customer service about a limit or a break, and speak to someone you trust. Players under 18 are not allowed; parents can use device filters to keep children off gaming sites.</p>`,
    },
    BN: {
      title: 'দায়িত্বশীল গেমিং',
      content: `<p>গেমিং হওয়া উচিত বিনোদন, কখনোই টাকা রোজগারের উপায় বা সমস্যা থেকে পালানোর পথ নয়। কতটা সময় ও কত টাকা খরচ করবেন তা আগে থেকেই ঠিক করুন, আর সেই সীমায় পৌঁছালে থেমে যান।</p>
<h3>যেসব সুবিধা ব্যবহার করতে পারেন</h3>
<ul>
<li><strong>জমার সীমা</strong>: মাই অ্যাকাউন্ট → সিকিউরিটি সেন্টারে দৈনিক, সাপ্তাহিক বা মাসিক সীমা ঠিক করুন। সীমা কমালে সঙ্গে সঙ্গে কার্যকর হয়; বাড়ালে কার্যকর হয় ২৪ ঘণ্টা পরে।</li>
<li><strong>বিরতি</strong>: ২৪ ঘণ্টা, ৭ দিন বা ৩০ দিনের বিরতি নিন। বিরতি শেষ না হওয়া পর্যন্ত লগইন করা যাবে না।</li>
<li><strong>স্ব-বর্জন</strong>: অন্তত ছয় মাসের জন্য অ্যাকাউন্ট বন্ধ রাখুন। গ্রাহক সেবা আগেভাগে তা খুলে দেবে না।</li>
</ul>
<h3>সতর্ক হওয়ার লক্ষণ</h3>
<ul>
<li>হারানো টাকা ফেরত পেতে আরও বেশি বাজি ধরা।</li>
<li>জুয়া খেলতে টাকা ধার করা বা জিনিসপত্র বিক্রি করা।</li>
<li>দুশ্চিন্তা, চাপ বা একঘেয়েমি ভুলতে খেলা।</li>
<li>পরিবার বা বন্ধুদের কাছে খেলার কথা লুকানো।</li>
</ul>
<p>এর কোনোটি চেনা মনে হলে সীমা বা বিরতির জন্য গ্রাহক সেবার সঙ্গে কথা বলুন, এবং বিশ্বাসযোগ্য কারও সঙ্গে মন খুলে কথা বলুন। ১৮ বছরের কম বয়সীদের খেলা নিষেধ; শিশুদের গেমিং সাইট থেকে দূরে রাখতে অভিভাবকেরা ডিভাইসের ফিল্টার ব্যবহার করতে পারেন।</p>`,
    },
  },
  {
    slug: 'deposit-help',
    sort: 4,
    category: 'PAYMENTS',
    EN: {
      title: 'How to Deposit',
      content: `<ol>
<li>Log in and tap <strong>Deposit</strong> in the header or the side menu.</li>
<li>Choose a method: bKash, Nagad, Rocket or bank transfer.</li>
<li>Enter the amount. The minimum and maximum for the method are shown under the field.</li>
<li>Send the money to the account number shown, from a wallet in your own name, and enter the transaction ID (TrxID) you receive.</li>
<li>Submit. Most deposits arrive within a few minutes; you get a message when the money is in your balance.</li>
</ol>
<h3>Good to know</h3>
<ul>
<li>The receiving account number can change. Always copy it from the deposit page, never from an old message.</li>
<li>Send the exact amount you entered; a different amount takes longer to match.</li>
<li>If a deposit has not arrived after 30 minutes, open Deposit Record and contact customer service with the TrxID.</li>
</ul>`,
    },
    BN: {
      title: 'কীভাবে ডিপোজিট করবেন',
      content: `<ol>
<li>লগইন করে হেডার বা সাইড মেনু থেকে <strong>ডিপোজিট</strong> চাপুন।</li>
<li>একটি পদ্ধতি বেছে নিন: বিকাশ, নগদ, রকেট অথবা ব্যাংক ট্রান্সফার।</li>
<li>টাকার পরিমাণ লিখুন। ঘরের নিচে ওই পদ্ধতির সর্বনিম্ন ও সর্বোচ্চ সীমা দেখানো থাকে।</li>
<li>আপনার নিজের নামের ওয়ালেট থেকে দেখানো নম্বরে টাকা পাঠান, তারপর যে ট্রানজ্যাকশন আইডি (TrxID) পাবেন তা লিখুন।</li>
<li>সাবমিট করুন। বেশিরভাগ ডিপোজিট কয়েক মিনিটের মধ্যেই জমা হয়; ব্যালান্সে টাকা এলে আপনি একটি বার্তা পাবেন।</li>
</ol>
<h3>জেনে রাখুন</h3>
<ul>
<li>টাকা পাঠানোর নম্বর বদলাতে পারে। সবসময় ডিপোজিট পাতা থেকেই নম্বর কপি করুন, পুরোনো বার্তা থেকে নয়।</li>
<li>যে পরিমাণ লিখেছেন ঠিক সেই পরিমাণই পাঠান; অন্য পরিমাণ পাঠালে মেলাতে বেশি সময় লাগে।</li>
<li>৩০ মিনিট পরও টাকা না এলে ডিপোজিট রেকর্ড খুলে TrxID সহ গ্রাহক সেবায় যোগাযোগ করুন।</li>
</ul>`,
    },
  },
  {
    slug: 'withdrawal-help',
    sort: 5,
    category: 'PAYMENTS',
    EN: {
      title: 'How to Withdraw',
      content: `<ol>
<li>Log in and tap <strong>Withdraw</strong>.</li>
<li>Add a payout account in your own name the first time (bKash, Nagad, Rocket or a bank account).</li>
<li>Enter the amount and your payment password, then submit.</li>
<li>Follow the request in Transaction History: in process, approved or rejected.</li>
</ol>
<h3>Confirming receipt</h3>
<p>When the money has been sent, you are asked to confirm it: <strong>received</strong>, <strong>partly received</strong> or <strong>not received</strong>. If you choose not received, upload a screenshot of your wallet or bank statement (png or jpg, up to 3 images of 5 MB each) so we can trace the payment. A withdrawal you do not confirm within the time shown counts as received.</p>
<h3>Why a withdrawal can be held</h3>
<ul>
<li>The deposit has not been wagered at least once, or a bonus still has wagering left.</li>
<li>The payout account name does not match your account name.</li>
<li>We need to verify your identity first. Customer service will tell you what to send.</li>
</ul>`,
    },
    BN: {
      title: 'কীভাবে টাকা তুলবেন',
      content: `<ol>
<li>লগইন করে <strong>উত্তোলন</strong> চাপুন।</li>
<li>প্রথমবার আপনার নিজের নামের একটি পেআউট অ্যাকাউন্ট যোগ করুন (বিকাশ, নগদ, রকেট বা ব্যাংক অ্যাকাউন্ট)।</li>
<li>টাকার পরিমাণ ও পেমেন্ট পাসওয়ার্ড লিখে সাবমিট করুন।</li>
<li>লেনদেনের ইতিহাসে অনুরোধের অবস্থা দেখুন: প্রক্রিয়াধীন, অনুমোদিত বা বাতিল।</li>
</ol>
<h3>টাকা পেয়েছেন কি না নিশ্চিত করা</h3>
<p>টাকা পাঠানো হলে আপনাকে নিশ্চিত করতে বলা হবে: <strong>পেয়েছি</strong>, <strong>আংশিক পেয়েছি</strong> অথবা <strong>পাইনি</strong>। পাইনি বেছে নিলে আপনার ওয়ালেট বা ব্যাংক স্টেটমেন্টের স্ক্রিনশট আপলোড করুন (png বা jpg, সর্বোচ্চ ৩টি ছবি, প্রতিটি ৫ MB পর্যন্ত), যাতে আমরা লেনদেনটি খুঁজে বের করতে পারি। দেখানো সময়ের মধ্যে নিশ্চিত না করলে উত্তোলনটি পাওয়া গেছে বলে গণ্য হবে।</p>
<h3>উত্তোলন কেন আটকে থাকতে পারে</h3>
<ul>
<li>জমা দেওয়া টাকা অন্তত একবার বাজিতে খেলা হয়নি, অথবা কোনো বোনাসের টার্নওভার এখনো বাকি।</li>
<li>পেআউট অ্যাকাউন্টের নাম আপনার অ্যাকাউন্টের নামের সঙ্গে মেলেনি।</li>
<li>আগে আপনার পরিচয় যাচাই করা দরকার। কী পাঠাতে হবে গ্রাহক সেবা জানিয়ে দেবে।</li>
</ul>`,
    },
  },
  {
    slug: 'faq',
    sort: 6,
    category: 'GENERAL',
    EN: {
      title: 'Frequently Asked Questions',
      content: `<h3>I forgot my password. What now?</h3>
<p>Tap <strong>Forgot password</strong> in the login window and reset it by e-mail, or by a code sent to your registered mobile number.</p>
<h3>Why am I asked to change my password?</h3>
<p>On your first login, when your password has expired, or when it is still the default one, we ask you to choose a new one to keep your account safe.</p>
<h3>Can I try games without depositing?</h3>
<p>Yes. Use <strong>Free play</strong> in the login window to try games with demo credit. A trial account cannot deposit, withdraw or use the member centre.</p>
<h3>Do my points expire?</h3>
<p>No. Points never expire. Redeem them in the Points Mall when you meet the conditions shown there.</p>
<h3>The site says "Access restricted". Why?</h3>
<p>Our service is not available from some regions. If you think this is a mistake, contact customer service and tell them the IP address shown on the page.</p>
<h3>How do I reach customer service?</h3>
<p>Live chat is open 24 hours a day, 7 days a week, from the side menu or the right-hand bar. You can also reach us on Telegram, WhatsApp or Messenger.</p>`,
    },
    BN: {
      title: 'সচরাচর জিজ্ঞাসা',
      content: `<h3>পাসওয়ার্ড ভুলে গেছি। এখন কী করব?</h3>
<p>লগইন উইন্ডোতে <strong>পাসওয়ার্ড ভুলে গেছেন</strong> চাপুন, তারপর ই-মেইলের মাধ্যমে অথবা নিবন্ধিত মোবাইল নম্বরে পাঠানো কোড দিয়ে নতুন পাসওয়ার্ড সেট করুন।</p>
<h3>আমাকে পাসওয়ার্ড বদলাতে বলা হচ্ছে কেন?</h3>
<p>প্রথমবার লগইনে, পাসওয়ার্ডের মেয়াদ শেষ হলে, অথবা পাসওয়ার্ড এখনো ডিফল্ট থাকলে আপনার অ্যাকাউন্ট সুরক্ষিত রাখতে আমরা নতুন পাসওয়ার্ড বেছে নিতে বলি।</p>
<h3>ডিপোজিট না করে কি গেম খেলে দেখা যায়?</h3>
<p>হ্যাঁ। লগইন উইন্ডোর <strong>ফ্রি প্লে</strong> দিয়ে ডেমো ক্রেডিটে গেম খেলে দেখুন। ট্রায়াল অ্যাকাউন্ট দিয়ে ডিপোজিট, উত্তোলন বা মেম্বার সেন্টার ব্যবহার করা যায় না।</p>
<h3>আমার পয়েন্টের কি মেয়াদ শেষ হয়?</h3>
<p>না। পয়েন্টের কোনো মেয়াদ নেই। পয়েন্ট মলে দেখানো শর্ত পূরণ হলে সেখান থেকে রিডিম করুন।</p>
<h3>সাইটে "প্রবেশ সীমিত" দেখাচ্ছে কেন?</h3>
<p>কিছু অঞ্চল থেকে আমাদের সেবা পাওয়া যায় না। ভুল হয়েছে মনে হলে পাতায় দেখানো আইপি ঠিকানাসহ গ্রাহক সেবায় যোগাযোগ করুন।</p>
<h3>গ্রাহক সেবায় কীভাবে যোগাযোগ করব?</h3>
<p>সাইড মেনু বা ডান পাশের বার থেকে লাইভ চ্যাট দিনে ২৪ ঘণ্টা, সপ্তাহে ৭ দিন খোলা। টেলিগ্রাম, হোয়াটসঅ্যাপ বা মেসেঞ্জারেও আমাদের পাবেন।</p>`,
    },
  },
  {
    slug: 'account-security',
    sort: 7,
    category: 'ACCOUNT',
    EN: {
      title: 'Keeping Your Account Safe',
      content: `<h3>Passwords</h3>
<ul>
<li>Use a login password you use nowhere else, at least 8 characters long. A sentence of a few words is easy to remember and hard to guess.</li>
<li>Your payment password protects withdrawals and transfers. Make it different from your login password and never tell it to anyone.</li>
<li>Our staff will never ask for your passwords or for a verification code sent to your phone.</li>
</ul>
<h3>Signing in</h3>
<p>Sign out when you use a shared or public device. When you sign in from a new place we may ask for a code sent to your mobile number; keep that number up to date in My Account.</p>
<h3>If something looks wrong</h3>
<p>If you see a login, deposit or withdrawal you do not recognise, change your login and payment passwords at once and contact customer service, or send us feedback under the "Account" type so we can look into it.</p>`,
    },
    BN: {
      title: 'আপনার অ্যাকাউন্ট সুরক্ষিত রাখুন',
      content: `<h3>পাসওয়ার্ড</h3>
<ul>
<li>এমন একটি লগইন পাসওয়ার্ড ব্যবহার করুন যা আর কোথাও ব্যবহার করেন না, কমপক্ষে ৮ অক্ষরের। কয়েকটি শব্দের একটি বাক্য মনে রাখা সহজ, কিন্তু অনুমান করা কঠিন।</li>
<li>পেমেন্ট পাসওয়ার্ড আপনার উত্তোলন ও ট্রান্সফার সুরক্ষিত রাখে। এটি লগইন পাসওয়ার্ড থেকে আলাদা রাখুন এবং কখনো কাউকে জানাবেন না।</li>
<li>আমাদের কর্মীরা কখনোই আপনার পাসওয়ার্ড বা আপনার ফোনে পাঠানো যাচাইকরণ কোড চাইবেন না।</li>
</ul>
<h3>লগইন করা</h3>
<p>শেয়ার করা বা পাবলিক ডিভাইস ব্যবহার করলে কাজ শেষে লগআউট করুন। নতুন কোনো জায়গা থেকে লগইন করলে আমরা আপনার মোবাইল নম্বরে একটি কোড পাঠাতে পারি; তাই আমার অ্যাকাউন্টে নম্বরটি হালনাগাদ রাখুন।</p>
<h3>কিছু অস্বাভাবিক মনে হলে</h3>
<p>যদি এমন কোনো লগইন, জমা বা উত্তোলন দেখেন যা আপনি চেনেন না, সঙ্গে সঙ্গে লগইন ও পেমেন্ট পাসওয়ার্ড বদলান এবং গ্রাহক সেবায় যোগাযোগ করুন, অথবা "অ্যাকাউন্ট" ধরনে আমাদের মতামত পাঠান, যাতে আমরা বিষয়টি দেখতে পারি।</p>`,
    },
  },
];

/** Inserts the articles that are missing; never overwrites an operator's edits. */
export async function seedDemoHelp(db: Db, brandId: number): Promise<void> {
  const rows = DEMO_HELP_ARTICLES.flatMap((article) =>
    (['EN', 'BN'] as const).map((lang) => ({
      brand_id: brandId,
      lang,
      slug: article.slug,
      title: article[lang].title,
      content: article[lang].content,
      sort: article.sort,
      category: article.category,
    })),
  );
  await db
    .insertInto('help_article')
    .values(rows)
    .onConflict((oc) => oc.columns(['brand_id', 'lang', 'slug']).doNothing())
    .execute();
}
