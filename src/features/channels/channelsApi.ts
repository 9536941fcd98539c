import { bookingsApi } from '../../api/bookingsApi';
import type { ChannelsReply, FeedBody, SyncReply } from '../../domain/roomsWire';

/** A calendar address to replace (it leaked): a room's, a room type's, or a room's for one channel. */
export type CalendarAddress = { kind: 'rooms'; id: number } | { kind: 'types'; id: string } | { kind: 'feeds'; id: number };

/** A channel's calendar read, added or removed: the nights it blocks. */
const feedsChanged = ['Channels', 'Desk', 'Prices', 'Availability', 'Rooms'] as const;

/** Each room's calendar kept in step with Airbnb, Booking.com and other channels by iCal (issue 38, offers.channels). */
export const channelsApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** Each room's calendar address and the channel calendars it reads, the log and the overbooked nights. */
    getChannels: build.query<ChannelsReply, void>({
      query: () => 'admin/channels',
      providesTags: ['Channels'],
    }),
    /** Adds a channel's calendar to a room and reads it at once. */
    addFeed: build.mutation<SyncReply, FeedBody>({
      query: (body) => ({ url: 'admin/channels/feeds', method: 'POST', body }),
      invalidatesTags: [...feedsChanged],
    }),
    syncFeed: build.mutation<SyncReply, number>({
      query: (feedId) => ({ url: `admin/channels/feeds/${feedId}/sync`, method: 'POST' }),
      invalidatesTags: [...feedsChanged],
    }),
    removeFeed: build.mutation<null, number>({
      query: (feedId) => ({ url: `admin/channels/feeds/${feedId}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: [...feedsChanged],
    }),
    newCalendarAddress: build.mutation<null, CalendarAddress>({
      query: ({ kind, id }) => ({ url: `admin/channels/${kind}/${encodeURIComponent(String(id))}/token`, method: 'POST' }),
      transformResponse: () => null,
      invalidatesTags: ['Channels'],
    }),
  }),
});

export const { useGetChannelsQuery, useAddFeedMutation, useSyncFeedMutation, useRemoveFeedMutation, useNewCalendarAddressMutation } =
  channelsApi;
