export * from './users';
export * from './posts';
export * from './content';
export * from './mail';
export * from './subscriptions';
export * from './auth';
export * from './mail-extra';
export * from './oauth';
