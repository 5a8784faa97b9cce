/** Shared Prettier settings for every package. @see https://prettier.io/docs/configuration */
export default {
  printWidth: 110,
  singleQuote: true,
  trailingComma: 'all',
  semi: true,
};
