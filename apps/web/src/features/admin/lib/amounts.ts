// Amounts in the console: integer minor units shown as major units with two decimals, then the currency code.
export const majorUnits = (minor: number): string => (minor / 100).toFixed(2);

export const formatAmount = (minor: number, currency: string): string => `${majorUnits(minor)} ${currency}`;
