/**
 * What each account of the instructions our builds use is there for, in IDL order and plain words (the
 * builders in core/programs make the lists; these name them). The review shows the role beside any label
 * the desk knows for the address. An index past a list is a remaining account: named "extra account".
 */
const TRADE_V2_HEAD = [
  'launchpad global settings', 'coin mint', 'quote mint', "coin's token program", "quote's token program", 'associated token program',
  'fee recipient', "fee recipient's quote account", 'buyback fee recipient', "buyback fee recipient's quote account",
  'bonding curve', "curve's coin vault", "curve's quote vault", 'trader (signs and pays)', "trader's coin account", "trader's quote account",
  "creator's fee vault", "creator's fee vault quote account", 'fee sharing settings',
];
const TRADE_V2_TAIL = ["trader's volume record", "trader's volume record quote account", "launchpad's fee settings", 'fee program', 'system program', 'event authority', 'launchpad program'];

const AMM_HEAD = [
  'pool', 'trader (signs and pays)', 'AMM global settings', 'coin mint', 'quote mint', "trader's coin account", "trader's quote account",
  "pool's coin vault", "pool's quote vault", 'protocol fee recipient', "protocol fee recipient's quote account", "coin's token program",
  "quote's token program", 'system program', 'associated token program', 'event authority', 'AMM program', "creator's fee vault quote account", "creator's fee vault authority",
];
const AMM_FEES = ["AMM's fee settings", 'fee program'];

const HOP = ['hop coin mint', 'hop quote mint', 'hop venue (curve or pool)', "hop venue's coin vault", "hop venue's quote vault"];

export const INSTRUCTION_ROLES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'launchpad:buy_exact_quote_in_v2': [...TRADE_V2_HEAD, 'global volume record', ...TRADE_V2_TAIL],
  'launchpad:buy_v2': [...TRADE_V2_HEAD, 'global volume record', ...TRADE_V2_TAIL],
  'launchpad:sell_v2': [...TRADE_V2_HEAD, ...TRADE_V2_TAIL],
  'amm:buy_exact_quote_in': [...AMM_HEAD, 'AMM global volume record', "trader's AMM volume record", ...AMM_FEES],
  'amm:buy': [...AMM_HEAD, 'AMM global volume record', "trader's AMM volume record", ...AMM_FEES],
  'amm:sell': [...AMM_HEAD, ...AMM_FEES],
  'amm:multi_hop_swap': [
    'trader (signs and pays)', "trader's input account", "trader's output account", 'AMM global settings', "AMM's fee settings", "trader's AMM volume record",
    'buyback fee account', 'token program', 'Token-2022 program', 'system program', 'AMM event authority', 'AMM program', 'launchpad program',
    'launchpad global settings', "launchpad's fee settings", 'launchpad event authority', ...HOP, ...HOP,
  ],
  'aggregator:swap': [
    'trader (signs and pays)', "trader's wrapped SOL account", "trader's ZEC account", 'wrapped SOL mint', 'ZEC mint', 'token program', 'system program',
    'associated token program', 'AMM program', 'SOL/ZEC pool', 'AMM global settings', "pool's wrapped SOL vault", "pool's ZEC vault", 'protocol fee recipient',
    "protocol fee recipient's ZEC account", "pool creator's fee vault ZEC account", "pool creator's fee vault authority", 'AMM global volume record',
    "trader's AMM volume record", "AMM's fee settings", 'fee program', 'AMM event authority',
  ],
  'vault:claim': ['sender (signs and pays)', 'coin mint', "coin's payee record", "payee record's ZEC account", "payee's ZEC account", 'payee'],
  'vault:change_payee': ['current payee (signs and pays)', 'coin mint', "coin's payee record", "payee record's ZEC account", "current payee's ZEC account"],
  'ata:create': ['payer', 'new token account', 'owner', 'mint', 'system program', 'token program'],
  'system:transfer': ['from', 'to'],
  'system:create_account': ['payer', 'new account'],
  'system:assign': ['account'],
  'system:advance_nonce': ['nonce account', 'recent blockhashes sysvar', 'nonce authority'],
  'token:transfer': ['from', 'to', 'owner'],
  'token:transfer_checked': ['from', 'mint', 'to', 'owner'],
  'token:approve': ['account', 'delegate', 'owner'],
  'token:approve_checked': ['account', 'mint', 'delegate', 'owner'],
  'token:set_authority': ['account or mint', 'current authority'],
  'token:close_account': ['account closed', 'rent goes to', 'owner'],
  'token:sync_native': ['wrapped SOL account'],
  'token:initialize_account3': ['account', 'mint'],
  'token:burn': ['account', 'mint', 'owner'],
  'token:burn_checked': ['account', 'mint', 'owner'],
  'token:mint_to': ['mint', 'to', 'mint authority'],
});

export const roleOf = (key: string, index: number): string => INSTRUCTION_ROLES[key]?.[index] ?? 'extra account';
