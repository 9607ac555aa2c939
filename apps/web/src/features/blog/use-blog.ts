import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

export const useBlogPosts = () =>
  useQuery({
    queryKey: ['blog'],
    queryFn: () => call(endpoints.blog).then((r) => r.items),
  });

export const useBlogPost = (id: string) =>
  useQuery({ queryKey: ['blog', id], queryFn: () => call(endpoints.blogPost, { params: { id } }) });

export const fetchBlogPostByUrlTitle = (urlTitle: string) => call(endpoints.blogPostByUrlTitle, { params: { urlTitle } });
