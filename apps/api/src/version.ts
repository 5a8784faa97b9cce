/** The API's version, shown in /api/health and the OpenAPI document. */
export const version = '0.1.0';
