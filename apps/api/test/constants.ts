export const TEMPLATE_DB = 'bindery_template';
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123456789';
