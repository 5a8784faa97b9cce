/** "12.50" > 0, read from the digits (no floating point): the spec's 'Invalid amount' check before paying. */
export const isPositiveAmount = (amount: string) => !amount.startsWith('-') && /[1-9]/.test(amount);
