import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

export const useBlogPosts = () =>
  useQuery({
    queryKey: keyOf(endpoints.blog, { variant: 'items' }),
    queryFn: () => call(endpoints.blog).then((r) => r.items),
  });

export const useBlogPost = (id: string) =>
  useQuery({ queryKey: keyOf(endpoints.blogPost, { params: { id } }), queryFn: () => call(endpoints.blogPost, { params: { id } }) });

export const fetchBlogPostByUrlTitle = (urlTitle: string) => call(endpoints.blogPostByUrlTitle, { params: { urlTitle } });
