/**
 * An order's staff notes (admin bearer; docs/decisions/0071): the list, and add, edit and delete, each of which
 * reloads the list. Notes never move the order's status.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminProductionRoutes,
  type OrderNoteBody,
  type OrderNotePatch,
} from '@bindery/contracts/admin/production';
import { api } from '#lib/api-client.ts';

export const orderNotesQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['admin', 'orders', 'notes', orderId],
    queryFn: ({ signal }) => api.call(adminProductionRoutes.listNotes, { params: { id: orderId } }, { signal }),
  });

export const useOrderNotes = (orderId: number) => useQuery(orderNotesQueryOptions(orderId));

type NoteChange =
  | { kind: 'add'; body: OrderNoteBody }
  | { kind: 'edit'; noteId: number; body: OrderNotePatch }
  | { kind: 'delete'; noteId: number };

export function useChangeOrderNote(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: NoteChange) => {
      if (change.kind === 'add') {
        await api.call(adminProductionRoutes.addNote, { params: { id: orderId }, body: change.body });
      } else if (change.kind === 'edit') {
        await api.call(adminProductionRoutes.editNote, {
          params: { id: orderId, noteId: change.noteId },
          body: change.body,
        });
      } else {
        await api.call(adminProductionRoutes.deleteNote, { params: { id: orderId, noteId: change.noteId } });
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: orderNotesQueryOptions(orderId).queryKey }),
  });
}
