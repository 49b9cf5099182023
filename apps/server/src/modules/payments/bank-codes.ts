// Bank names by the bank code inside an IBAN, for the spec's countries (the larger banks; anything else shows the code).
const BANKS: Record<string, Record<string, string>> = {
  NL: {
    ABNA: 'ABN AMRO',
    INGB: 'ING',
    RABO: 'Rabobank',
    SNSB: 'SNS',
    ASNB: 'ASN Bank',
    RBRB: 'RegioBank',
    TRIO: 'Triodos Bank',
    KNAB: 'Knab',
    BUNQ: 'bunq',
    FVLB: 'Van Lanschot',
    REVO: 'Revolut',
    NWAB: 'Nederlandse Waterschapsbank',
    BNGH: 'BNG Bank',
  },
  BE: {
    '001': 'BNP Paribas Fortis',
    '068': 'Belfius',
    '063': 'ING België',
    '310': 'ING België',
    '363': 'ING België',
    '734': 'KBC',
    '735': 'KBC',
    '736': 'KBC',
    '750': 'Argenta',
    '973': 'Argenta',
    '979': 'Argenta',
  },
  DE: {
    '10070000': 'Deutsche Bank',
    '10040000': 'Commerzbank',
    '10050000': 'Berliner Sparkasse',
    '20050550': 'Hamburger Sparkasse',
    '37040044': 'Commerzbank',
    '50010517': 'ING',
    '70020270': 'HypoVereinsbank',
    '12030000': 'DKB',
    '10011001': 'N26',
    '76026000': 'norisbank',
    '20041133': 'comdirect',
    '43060967': 'GLS Bank',
  },
  AT: {
    '20111': 'Erste Bank',
    '12000': 'UniCredit Bank Austria',
    '32000': 'Raiffeisenbank',
    '14000': 'BAWAG P.S.K.',
    '60000': 'BAWAG P.S.K.',
  },
  FR: {
    '30004': 'BNP Paribas',
    '30003': 'Société Générale',
    '30002': 'LCL',
    '30006': 'Crédit Agricole',
    '20041': 'La Banque Postale',
    '10278': 'Crédit Mutuel',
    '30056': 'HSBC France',
  },
  IT: {
    '03069': 'Intesa Sanpaolo',
    '02008': 'UniCredit',
    '05034': 'Banco BPM',
    '03032': 'Credem',
    '01030': 'Monte dei Paschi di Siena',
    '03111': 'UBI Banca',
  },
  ES: {
    '0049': 'Banco Santander',
    '0182': 'BBVA',
    '2100': 'CaixaBank',
    '0081': 'Banco Sabadell',
    '0128': 'Bankinter',
    '1465': 'ING España',
  },
  PL: {
    '1020': 'PKO Bank Polski',
    '1050': 'ING Bank Śląski',
    '1140': 'mBank',
    '1090': 'Santander Bank Polska',
    '1240': 'Bank Pekao',
    '1160': 'Bank Millennium',
  },
  FI: { '100': 'Nordea', '200': 'Nordea', '800': 'Danske Bank', '500': 'OP', '470': 'POP Pankki', '360': 'S-Pankki' },
  DK: { '2': 'Nordea', '3': 'Danske Bank', '4': 'Danske Bank', '5': 'Jyske Bank', '7': 'Jyske Bank', '6': 'Sydbank' },
  SE: { '500': 'SEB', '600': 'Handelsbanken', '800': 'Swedbank', '300': 'Nordea', '950': 'Nordea' },
  NO: { '1503': 'DNB', '1201': 'DNB', '1594': 'DNB', '6003': 'Nordea', '9001': 'Sparebank 1' },
  CH: {
    '00230': 'UBS',
    '00700': 'Zürcher Kantonalbank',
    '04835': 'Credit Suisse',
    '09000': 'PostFinance',
    '80808': 'Raiffeisen',
  },
  GB: {
    BARC: 'Barclays',
    HBUK: 'HSBC UK',
    LOYD: 'Lloyds Bank',
    NWBK: 'NatWest',
    MIDL: 'HSBC',
    SRLG: 'Starling Bank',
    MONZ: 'Monzo',
  },
  IE: { AIBK: 'AIB', BOFI: 'Bank of Ireland', IPBS: 'PTSB' },
};

/** The bank's name for an IBAN's country and bank code (the code itself when the table has no name for it). */
export function bankNameOf(country: string, bankCode: string): string {
  const table = BANKS[country];
  if (!table) return bankCode;
  // Some countries' codes are prefixes of the national bank identifier (Denmark, Finland, Sweden: the first digits).
  for (let length = bankCode.length; length > 0; length -= 1) {
    const name = table[bankCode.slice(0, length)];
    if (name) return name;
  }
  return bankCode;
}
