-- Search names a recipient as the public sees them (first name and initial unless they chose the full
-- name), so a surname a recipient keeps hidden finds nothing; the same rule as refreshRecipientSearchText.
update recipient_campaigns c
   set search_title = concat_ws(' ', p.name, u.first_name, ln.public_last_name),
       search_text = concat_ws(' ', p.name, u.first_name, ln.public_last_name, c.reason)
  from products p, users u
  left join recipient_profiles rp on rp.user_id = u.id
  cross join lateral (
    select case when rp.public_name = 'full' or btrim(u.last_name) = '' then u.last_name
                else upper(left(btrim(u.last_name), 1)) || '.' end as public_last_name
  ) ln
 where p.id = c.product_id and u.id = c.recipient_id;
