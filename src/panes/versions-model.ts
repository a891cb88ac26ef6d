// The version rules live in domain/ (the exporter asks them too); kept here for the panes that import them.
export * from '../domain/versions';
