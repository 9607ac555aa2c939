import { useQuery } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary } from '@swapu/shared/api';
import { api } from '../../lib/api';

export const useBlogPosts = () =>
  useQuery({
    queryKey: ['blog'],
    queryFn: () => api<{ items: BlogPostSummary[] }>('/api/v1/blog').then((r) => r.items),
  });

export const useBlogPost = (id: string) =>
  useQuery({ queryKey: ['blog', id], queryFn: () => api<BlogPost>(`/api/v1/blog/${encodeURIComponent(id)}`) });

export const fetchBlogPostByUrlTitle = (urlTitle: string) => api<BlogPost>(`/api/v1/blog/by-url-title/${encodeURIComponent(urlTitle)}`);
