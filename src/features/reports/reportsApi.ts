import { bookingsApi } from '../../api/bookingsApi';
import type { GstExportName, GstPeriodQuery, GstSummaryReply, ReportReply, ReportsQuery } from '../../domain/reportsWire';

/** One GST export of one period, as the CSV file the accountant opens. */
export interface GstDownload extends GstPeriodQuery {
  name: GstExportName;
}

export const reportsApi = bookingsApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The owner's figures for a range of stay nights and a room type (all without one). They are
     * the occupancy and the money of the bookings: every change to bookings, rooms or prices
     * invalidates 'Occupancy' (bookingsChanged), so an open report is asked again.
     */
    getReport: build.query<ReportReply, ReportsQuery>({
      query: (range) => ({ url: 'admin/reports', params: range }),
      providesTags: ['Occupancy'],
    }),
    /** A month's or a financial year's GST figures: the invoice register's totals and GSTR-1 tables 7, 12 and 13. */
    getGstSummary: build.query<GstSummaryReply, GstPeriodQuery>({
      query: (period) => ({ url: 'admin/reports/gst', params: period }),
      providesTags: ['Occupancy'],
    }),
    /** An export's CSV, as text (the screen hands it to the browser as a file). */
    downloadGstExport: build.mutation<string, GstDownload>({
      query: ({ name, ...period }) => ({
        url: `admin/reports/gst/${encodeURIComponent(name)}`,
        params: { ...period, format: 'csv' },
        responseHandler: 'text',
      }),
    }),
  }),
});

export const { useGetReportQuery, useGetGstSummaryQuery, useDownloadGstExportMutation } = reportsApi;
