// The command routes' import of the one metadata builder the query API's recorded reads use too.
export { commandMetadata } from '@labshop/platform/http/request-metadata';
