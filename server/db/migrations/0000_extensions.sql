-- Trigram similarity for campaign search (misspelt product names).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
