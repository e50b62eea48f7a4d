-- Reference data every installation needs, demo or not.
INSERT INTO "roles" ("name") VALUES ('recipient'), ('donor'), ('organization'), ('admin'), ('super_admin')
ON CONFLICT ("name") DO NOTHING;
