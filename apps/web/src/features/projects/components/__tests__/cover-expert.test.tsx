import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { messages } from '@bindery/contracts/messages';
import type { UploadedFile } from '@bindery/contracts/store/projects';
import { sessionStore } from '#lib/session-store.ts';
import { readCart } from '#lib/cart.ts';
import { server } from '#testing/msw-server.ts';
import { errorBody, uploadBookHandler, uploadedFixture, uploadsHandler } from '#testing/project-fixtures.ts';
import { renderRoute } from '#testing/render-route.tsx';
import { signInForTest } from '#testing/session.ts';

const m = messages.projects;
const ids = {
  trim_size_id: 1,
  binding_id: 10,
  interior_color_id: 21,
  paper_type_id: 30,
  cover_finish_id: 41,
};

function saved({ pdf = uploadedFixture() }: { pdf?: UploadedFile | null } = {}) {
  localStorage.setItem(
    'projectData',
    JSON.stringify({ projectTitle: 'My Novel', language: 'urdu', category: 'Print Book' }),
  );
  localStorage.setItem(
    'designForm',
    JSON.stringify({ category: 'Print Book', ids, page_count: 120, quantity: 10, pdf_upload: pdf }),
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Book Genre'), 'Fantasy');
  await user.type(
    screen.getByLabelText('Cover Requirements'),
    'A dragon over a city at night, perfect bound.',
  );
}

describe('/cover-expert', () => {
  it('asks to complete the previous steps without saved data, and to start over when it is corrupt', async () => {
    signInForTest();
    const view = renderRoute('/cover-expert');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.missingProjectData);
    view.unmount();
    localStorage.setItem('projectData', JSON.stringify({ projectTitle: 'x', category: 'Print Book' }));
    localStorage.setItem('designForm', '{"ids": 3}');
    renderRoute('/cover-expert');
    expect(await screen.findByRole('alert')).toHaveTextContent(m.savedDataCorrupt);
  });

  it('shows the tabs and the project summary, with the form prefilled from the session and the project', async () => {
    signInForTest();
    saved();
    renderRoute('/cover-expert');
    const tabs = await screen.findByRole('navigation', { name: 'Project steps' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Start Project', 'Designs', 'Cover Expert']);
    const summary = screen.getByLabelText('Project summary');
    expect(summary).toHaveTextContent('TitleMy NovelCategoryPrint BookLanguageUrduPage Count120');
    expect(screen.getByLabelText('Name')).toHaveValue('Ann Reader');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.test');
    expect(screen.getByLabelText('Book Title')).toHaveValue('My Novel');
    expect(screen.getByLabelText('Cover Requirements')).toHaveAccessibleDescription(
      expect.stringContaining('mention your binding type'),
    );
    expect(screen.getByText('Uploaded book.pdf · 120 pages')).toBeInTheDocument();
  });

  it('names every missing field with the spec texts, and clears each error when its field is edited', async () => {
    const user = userEvent.setup();
    signInForTest();
    saved({ pdf: null });
    const submit = uploadBookHandler();
    server.use(submit.handler);
    renderRoute('/cover-expert');
    await user.clear(await screen.findByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Book Title'));
    await user.click(screen.getByRole('button', { name: 'Submit to Cover Expert' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(m.nameRequired);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(m.emailRequired);
    expect(screen.getByLabelText('Book Title')).toHaveAccessibleDescription(m.bookTitleRequired);
    expect(screen.getByLabelText('Book Genre')).toHaveAccessibleDescription(m.bookGenreRequired);
    expect(screen.getByText(m.coverDescriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(m.pdfRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'ann@example');
    expect(screen.queryByText(m.emailRequired)).not.toBeInTheDocument();
    expect(screen.getByText(m.nameRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit to Cover Expert' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(m.emailInvalid);
    expect(submit.bodies).toEqual([]);
  });

  it('checks the PDF type and the 50 MB limit before uploading, then uploads a good file and shows its page count', async () => {
    const user = userEvent.setup({ applyAccept: false });
    signInForTest();
    saved({ pdf: null });
    const { handler, purposes } = uploadsHandler(() =>
      HttpResponse.json<UploadedFile>(uploadedFixture({ file_name: 'again.pdf', page_count: 88 })),
    );
    server.use(handler);
    renderRoute('/cover-expert');
    const input = await screen.findByLabelText('Book PDF');
    await user.upload(input, new File(['x'], 'notes.docx', { type: 'application/msword' }));
    expect(await screen.findByText(m.onlyPdfShort)).toBeInTheDocument();
    const huge = new File(['%PDF'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(input, huge);
    expect(await screen.findByText(m.fileTooLarge)).toBeInTheDocument();
    expect(purposes).toEqual([]);
    await user.upload(input, new File(['%PDF'], 'again.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Uploaded again.pdf · 88 pages')).toBeInTheDocument();
    expect(purposes).toEqual(['interior']);
    expect(screen.getByText('88', { selector: 'dd' })).toBeInTheDocument();
  });

  it('submits the request, clears the saved project, adds it to the cart and goes to /shop', async () => {
    const user = userEvent.setup();
    signInForTest();
    saved();
    const submit = uploadBookHandler();
    server.use(submit.handler);
    const { router } = renderRoute('/cover-expert');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit to Cover Expert' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop'));
    expect(await screen.findByText(m.coverExpertSubmitted)).toBeInTheDocument();
    expect(submit.bodies).toEqual([
      {
        title: 'My Novel',
        category: 'Print Book',
        language: 'urdu',
        pdf_upload_id: uploadedFixture().id,
        page_count: 120,
        configuration: ids,
        quantity: 10,
        cover_expert: {
          contact_name: 'Ann Reader',
          contact_email: 'ann@example.test',
          book_title: 'My Novel',
          book_genre: 'Fantasy',
          cover_description: 'A dragon over a city at night, perfect bound.',
        },
      },
    ]);
    expect(localStorage.getItem('projectData')).toBeNull();
    expect(localStorage.getItem('designForm')).toBeNull();
    expect(readCart(7)).toEqual([{ id: 501, title: 'My Novel', category: 'Print Book' }]);
  });

  it("shows the server's message, or 'Upload failed. Please try again.', and 'Authentication required. Please log in.' without a session", async () => {
    const user = userEvent.setup();
    signInForTest();
    saved();
    const answers = [
      () =>
        HttpResponse.json(
          errorBody('This upload was not found or has expired. Please upload the file again.', 400),
          { status: 400 },
        ),
      () => HttpResponse.error(),
    ];
    server.use(uploadBookHandler(() => (answers.shift() as () => Response)()).handler);
    renderRoute('/cover-expert');
    await fillForm(user);
    const send = screen.getByRole('button', { name: 'Submit to Cover Expert' });
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('This upload was not found or has expired.');
    await user.click(send);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(m.uploadFailed));
    act(() => sessionStore.clear());
    await user.click(send);
    expect(screen.getByRole('alert')).toHaveTextContent(messages.generic.unauthorized);
    expect(localStorage.getItem('projectData')).not.toBeNull();
  });
});
