/** The server's answers about the customer's own account, for component tests (docs/decisions/0067, 0074). */
import { HttpResponse } from 'msw';
import { messages } from '@bindery/contracts/messages';

/** The 400 of a wrong current password, naming the field at `path` (body.password, body.current_password). */
export const wrongPassword = (path: string) =>
  HttpResponse.json(
    {
      error: messages.account.currentPasswordWrong,
      code: 'CURRENT_PASSWORD_WRONG',
      statusCode: 400,
      fields: [{ path, message: messages.account.currentPasswordWrong }],
    },
    { status: 400 },
  );
