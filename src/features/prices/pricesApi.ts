import { bookingsApi } from '../../api/bookingsApi';
import type {
  ClosureBody,
  HotelSettings,
  MinStayBody,
  OutOfServiceBody,
  PriceRuleBody,
  PricesReply,
  RoomTypeBody,
  RoomTypeSetting,
  StayOptionsBody,
} from '../../domain/pricesWire';

/** Which of the owner's rules to remove. */
export interface RuleRemoval {
  kind: 'price-rules' | 'closures' | 'min-stays';
  id: number;
}

const roomTypePath = (roomId: string) => `admin/room-types/${encodeURIComponent(roomId)}`;

export const pricesApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /** The owner's calendar: each night's price, rooms left and closure per room type, the rules and the legal details. */
    getPrices: build.query<PricesReply, { from?: string; days: number }>({
      query: ({ from, days }) => ({ url: 'admin/prices', params: { ...(from ? { from } : {}), days } }),
      providesTags: ['Prices'],
    }),
    saveRoomType: build.mutation<unknown, { roomId: string; body: RoomTypeBody }>({
      query: ({ roomId, body }) => ({ url: roomTypePath(roomId), method: 'PUT', body }),
      invalidatesTags: ['Prices', 'Availability', 'Occupancy'],
    }),
    /** Issue 40: the guests a room of the type takes, what its price includes, and its four meal plans. */
    saveStayOptions: build.mutation<RoomTypeSetting, { roomId: string; body: StayOptionsBody }>({
      query: ({ roomId, body }) => ({ url: `${roomTypePath(roomId)}/stay-options`, method: 'PUT', body }),
      // The guest's booking screen offers the plans and guests availability says.
      invalidatesTags: ['Prices', 'Availability'],
    }),
    setOutOfService: build.mutation<unknown, { roomId: string; body: OutOfServiceBody }>({
      query: ({ roomId, body }) => ({ url: `${roomTypePath(roomId)}/out-of-service`, method: 'PUT', body }),
      invalidatesTags: ['Prices', 'Availability', 'Occupancy'],
    }),
    addPriceRule: build.mutation<unknown, PriceRuleBody>({
      query: (body) => ({ url: 'admin/price-rules', method: 'POST', body }),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    addClosure: build.mutation<unknown, ClosureBody>({
      query: (body) => ({ url: 'admin/closures', method: 'POST', body }),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    addMinStay: build.mutation<unknown, MinStayBody>({
      query: (body) => ({ url: 'admin/min-stays', method: 'POST', body }),
      invalidatesTags: ['Prices', 'Availability'],
    }),
    removeRule: build.mutation<null, RuleRemoval>({
      query: ({ kind, id }) => ({ url: `admin/${kind}/${id}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: ['Prices', 'Availability'],
    }),
    saveHotelSettings: build.mutation<HotelSettings, HotelSettings>({
      query: (settings) => ({ url: 'admin/hotel-settings', method: 'PUT', body: settings }),
      invalidatesTags: ['Prices', 'Invoice'],
    }),
  }),
});

export const {
  useGetPricesQuery,
  useSaveRoomTypeMutation,
  useSaveStayOptionsMutation,
  useSetOutOfServiceMutation,
  useAddPriceRuleMutation,
  useAddClosureMutation,
  useAddMinStayMutation,
  useRemoveRuleMutation,
  useSaveHotelSettingsMutation,
} = pricesApi;
