import { bookingsApi } from '../../api/bookingsApi';
import type { NewStaffBody, StaffReply } from '../../domain/staffWire';

const staffPath = (username: string) => `admin/staff/${encodeURIComponent(username)}`;

export const staffAccountsApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    getStaff: build.query<StaffReply, void>({
      query: () => 'admin/staff',
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<{ username: string }, NewStaffBody>({
      query: (body) => ({ url: 'admin/staff', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    removeStaff: build.mutation<null, string>({
      query: (username) => ({ url: staffPath(username), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Staff'],
    }),
    setStaffPassword: build.mutation<null, { username: string; password: string }>({
      query: ({ username, password }) => ({ url: `${staffPath(username)}/password`, method: 'PUT', body: { password } }),
      transformResponse: () => null,
      invalidatesTags: ['Staff'],
    }),
  }),
});

export const { useGetStaffQuery, useAddStaffMutation, useRemoveStaffMutation, useSetStaffPasswordMutation } = staffAccountsApi;
