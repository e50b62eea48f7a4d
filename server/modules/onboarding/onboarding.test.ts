import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { LinkSigner } from '../../providers/storage/storage';
import { eventually, startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { signUpUser, uploadFile } from '../../test/fixtures';
import { docxFile, jpegWithGps, pdfFile, pngFile } from '../../test/files';
import { acceptUpload } from '../uploads/accept-upload';
import { removeStaleUploads } from '../uploads/cleanup';

let ctx: TestContext;
const signer = new LinkSigner('test-signing-secret-of-at-least-32-characters');
beforeAll(async () => {
  ctx = await startTestApp({}, { signer });
});
afterAll(() => stopTestApp(ctx));

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const PDF = 'application/pdf';

const recipientAnswers = {
  gender: 'Female',
  age: 34,
  stateOfOrigin: 'Lagos',
  recipientBio: 'I teach braille to children in Ikeja and need a display for lesson notes.',
  employmentStatus: 'Employed',
  idType: 'NIN',
};
const organizationAnswers = {
  organizationName: 'Ibadan School for the Blind',
  yearOfEstablishment: 1961,
  stateOfOperation: 'Oyo',
  organizationBio: 'A boarding school for 200 blind and partially sighted pupils.',
  idType: 'CAC',
};

async function me(token: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
  return res.json() as { isOnboardingComplete: boolean; canCreateCampaign: boolean };
}

describe('recipient onboarding with real files', () => {
  it('checks the bytes, re-encodes the photo without GPS, keeps the ID private, and completes once', async () => {
    const { token, user } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    expect(await me(token)).toMatchObject({ isOnboardingComplete: false, canCreateCampaign: false });

    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true); // GPS IFD pointer
    const photo = await uploadFile(ctx.app, token, {
      purpose: 'profilePhoto',
      fileName: 'me.jpg',
      type: 'image/jpeg',
      bytes: original,
    });
    const id = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'nin slip.pdf',
      type: PDF,
      bytes: pdfFile(),
    });
    expect([photo.putStatus, id.putStatus]).toEqual([200, 200]);
    expect(id.key).toMatch(/^private\//);

    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/recipient/submit',
      headers: auth(token),
      payload: { ...recipientAnswers, profilePhotoKey: photo.key, idDocumentKey: id.key },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect(submit.json()).toMatchObject({ redirectTo: '/recipient/dashboard' });
    expect(await me(token)).toMatchObject({ isOnboardingComplete: true, canCreateCampaign: true });

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/recipient/submit',
      headers: auth(token),
      payload: { ...recipientAnswers, profilePhotoKey: photo.key, idDocumentKey: id.key },
    });
    expect(again.statusCode).toBe(409);

    const profile = await ctx.app.inject({ method: 'GET', url: '/api/profile/recipient', headers: auth(token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toContain('no-store');
    const p = profile.json() as {
      profile_photo_url: string;
      id_document_url: string;
      age: number;
      state_of_origin: string;
    };
    expect(p).toMatchObject({ age: 34, state_of_origin: 'Lagos', id_holder: 'self' });

    // The photo: public, WebP, small, upright, and with no EXIF at all (so no GPS).
    expect(p.profile_photo_url).toMatch(/^\/media\/public\/profile-photo\/[0-9a-f]{24}-640x480\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: p.profile_photo_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(640);
    expect(served.rawPayload.length).toBeLessThan(original.length);

    // The ID: a signed link that downloads, never displays, and only while it is fresh.
    const download = await ctx.app.inject({ method: 'GET', url: p.id_document_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="nin slip.pdf"/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-type']).toBe(PDF);
    expect(download.rawPayload.equals(pdfFile())).toBe(true);
    // The upload address still works for minutes, but what was checked is what is kept.
    const late = await ctx.app.inject({
      method: 'PUT',
      url: id.presignedUrl,
      headers: { 'content-type': PDF },
      payload: Buffer.from('<html>swapped</html>'),
    });
    expect(late.statusCode).toBe(200);
    const still = await ctx.app.inject({ method: 'GET', url: p.id_document_url });
    expect(still.rawPayload.equals(pdfFile())).toBe(true);

    // Not reachable any other way.
    expect((await ctx.app.inject({ method: 'GET', url: `/media/${id.key}` })).statusCode).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/files/download?key=${encodeURIComponent(id.key)}&name=x.pdf&type=${PDF}&exp=9999999999`,
        })
      ).statusCode,
    ).toBe(403);
    const tampered = p.id_document_url.replace(/name=[^&]+/, 'name=other.pdf');
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    const expired = signer.sign('/api/files/download', { key: id.key, name: 'nin slip.pdf', type: PDF }, -1);
    const expiredReply = await ctx.app.inject({ method: 'GET', url: expired });
    expect(expiredReply.statusCode).toBe(403);
    expect(expiredReply.json()).toMatchObject({ code: 'download_link_expired' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile/recipient' })).statusCode).toBe(401);

    // Another recipient sees only their own profile (none yet), never this one's link.
    const other = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/profile/recipient', headers: auth(other.token) });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain(id.key);

    // A used key cannot be used again, by anyone.
    await expect(
      acceptUpload(
        { db: ctx.database.db, storage: ctx.app.storage },
        { key: id.key, ownerId: user.id, purpose: 'idDocument', field: 'idDocumentKey' },
      ),
    ).rejects.toThrow(/not found or has already been used/);

    // The admins hear of it, in the app.
    const notes = await eventually(
      "the admins' notice of the completed onboarding",
      () =>
        selectRows<{ message: string }>(
          ctx.database.db,
          sql`select message from notifications where message like ${'%completed onboarding%'}`,
        ),
      (rows) => rows.length > 0,
    );
    expect(notes.length).toBeGreaterThan(0);
  });
});

describe('organization onboarding', () => {
  it('takes a PNG logo and a DOCX document, and offers a letter of consent only to old organizations', async () => {
    const { token, user } = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const logo = await uploadFile(ctx.app, token, {
      purpose: 'organizationLogo',
      fileName: 'logo.png',
      type: 'image/png',
      bytes: await pngFile(),
    });
    const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const doc = await uploadFile(ctx.app, token, {
      purpose: 'organizationDocument',
      fileName: 'incorporation.docx',
      type: docx,
      bytes: docxFile(),
    });

    const young = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/organization/submit',
      headers: auth(token),
      payload: {
        ...organizationAnswers,
        yearOfEstablishment: new Date().getFullYear() - 10,
        idType: 'ConsentLetter',
        profilePhotoKey: logo.key,
        idDocumentKey: doc.key,
      },
    });
    expect(young.statusCode).toBe(400);
    expect(young.json().fieldErrors.idType[0]).toMatch(/letter of consent/i);

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/organization/submit',
      headers: auth(token),
      payload: { ...organizationAnswers, profilePhotoKey: logo.key, idDocumentKey: doc.key },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ redirectTo: '/organization/dashboard' });
    expect(await me(token)).toMatchObject({ isOnboardingComplete: true, canCreateCampaign: true });

    const profile = (
      await ctx.app.inject({ method: 'GET', url: '/api/profile/organization', headers: auth(token) })
    ).json();
    expect(profile).toMatchObject({
      organization_name: 'Ibadan School for the Blind',
      year_of_establishment: 1961,
      state_of_operation: 'Oyo',
      id_type: 'CAC',
    });
    const download = await ctx.app.inject({ method: 'GET', url: profile.id_document_url });
    expect(download.headers['content-type']).toBe(docx);
    expect(download.headers['content-disposition']).toContain('attachment');

    // A used key stays used.
    await expect(
      acceptUpload(
        { db: ctx.database.db, storage: ctx.app.storage },
        { key: doc.key, ownerId: user.id, purpose: 'organizationDocument', field: 'idDocumentKey' },
      ),
    ).rejects.toThrow(/not found or has already been used/);
  });
});

describe('refused uploads', () => {
  it('refuses by the bytes, the size, the signature, the owner and the role, in sentences', async () => {
    const { token, user } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const submit = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/onboarding/recipient/submit',
        headers: auth(token),
        payload: { ...recipientAnswers, ...payload },
      });

    // A PNG renamed .pdf: the bytes do not match what was declared.
    const renamed = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'id.pdf',
      type: PDF,
      bytes: await pngFile(),
    });
    let res = await submit({ idDocumentKey: renamed.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('"id.pdf" is not really a PDF file. Choose a PNG, JPG or PDF file.');

    // A text file called .png.
    const text = await uploadFile(ctx.app, token, {
      purpose: 'profilePhoto',
      fileName: 'photo.png',
      type: 'image/png',
      bytes: Buffer.from('hello, this is not an image'),
    });
    const goodId = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'id.pdf',
      type: PDF,
      bytes: pdfFile(),
    });
    res = await submit({ profilePhotoKey: text.key, idDocumentKey: goodId.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.profilePhotoKey[0]).toBe(
      '"photo.png" is not really a PNG file. Choose a PNG or JPG file.',
    );
    // Nothing was used up by the refusal: the ID key still works.
    const stillIssued = await selectRows<{ status: string }>(
      ctx.database.db,
      sql`select status from uploads where key = ${goodId.key}`,
    );
    expect(stillIssued[0]?.status).toBe('issued');

    // A type that is not allowed at all is refused before any address is given.
    const gif = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-presigned-url',
      headers: auth(token),
      payload: { fileName: 'me.gif', fileType: 'image/gif', purpose: 'profilePhoto' },
    });
    expect(gif.statusCode).toBe(400);
    expect(gif.json().message).toBe('"me.gif" is not a PNG or JPG file. Choose a PNG or JPG file.');

    // Oversized: the upload address takes no more than the purpose's limit.
    const presign = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-presigned-url',
      headers: auth(token),
      payload: { fileName: 'big.jpg', fileType: 'image/jpeg', purpose: 'profilePhoto' },
    });
    const { presignedUrl, maxBytes } = presign.json() as { presignedUrl: string; maxBytes: number };
    const big = await ctx.app.inject({
      method: 'PUT',
      url: presignedUrl,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.alloc(maxBytes + 1, 1),
    });
    expect(big.statusCode).toBe(413);

    // Tampered: another key, another type, a larger size.
    const url = new URL(presignedUrl, 'http://x');
    for (const [name, value] of [
      ['key', `private/incoming/${user.id}/0000`],
      ['type', PDF],
      ['max', String(maxBytes * 10)],
    ] as const) {
      const bad = new URL(url);
      bad.searchParams.set(name, value);
      const r = await ctx.app.inject({
        method: 'PUT',
        url: `${bad.pathname}${bad.search}`,
        headers: { 'content-type': bad.searchParams.get('type')! },
        payload: await pngFile(),
      });
      expect(r.statusCode, name).toBe(403);
    }
    // The wrong content type for the address.
    const wrongType = await ctx.app.inject({
      method: 'PUT',
      url: presignedUrl,
      headers: { 'content-type': 'text/html' },
      payload: '<script>1</script>',
    });
    expect(wrongType.statusCode).toBe(400);
    // Expired.
    const expired = signer.sign(
      '/api/files/upload',
      { key: url.searchParams.get('key')!, type: 'image/jpeg', max: String(maxBytes) },
      -1,
    );
    const late = await ctx.app.inject({
      method: 'PUT',
      url: expired,
      headers: { 'content-type': 'image/jpeg' },
      payload: await jpegWithGps(10, 10),
    });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'upload_link_expired' });

    // Someone else's key.
    const other = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const theirs = await uploadFile(ctx.app, other.token, {
      purpose: 'idDocument',
      fileName: 'their-id.pdf',
      type: PDF,
      bytes: pdfFile(),
    });
    res = await submit({ idDocumentKey: theirs.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.idDocumentKey[0]).toMatch(/not found or has already been used/);

    // A key of another purpose (a photo key given as the ID).
    const photo = await uploadFile(ctx.app, token, {
      purpose: 'profilePhoto',
      fileName: 'me.jpg',
      type: 'image/jpeg',
      bytes: await jpegWithGps(100, 100),
    });
    res = await submit({ idDocumentKey: photo.key });
    expect(res.statusCode).toBe(400);

    // A donor may not upload at all; an organization may not upload a recipient's ID.
    const donor = await signUpUser(ctx.app, undefined, { role: 'donor' });
    const asDonor = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-presigned-url',
      headers: auth(donor.token),
      payload: { fileName: 'a.png', fileType: 'image/png', purpose: 'profilePhoto' },
    });
    expect(asDonor.statusCode).toBe(403);
    const org = await signUpUser(ctx.app, undefined, { role: 'organization' });
    const asOrg = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/generate-presigned-url',
      headers: auth(org.token),
      payload: { fileName: 'a.pdf', fileType: PDF, purpose: 'idDocument' },
    });
    expect(asOrg.statusCode).toBe(403);

    // Bad answers are field sentences, and nothing is saved.
    res = await submit({ age: 121, idDocumentKey: goodId.key });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.age).toEqual(['Age must be between 1 and 120.']);
    expect(await me(token)).toMatchObject({ isOnboardingComplete: false });
  });

  it('removes uploads never used after a day, bytes and all', async () => {
    const { token } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const fresh = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'a.pdf',
      type: PDF,
      bytes: pdfFile(),
    });
    const stale = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'b.pdf',
      type: PDF,
      bytes: pdfFile(),
    });
    await ctx.database.db.execute(
      sql`update uploads set created_at = now() - interval '25 hours' where key = ${stale.key}`,
    );
    const file = (key: string) =>
      path.join(
        (ctx.app as unknown as { storage: { description: string } }).storage.description.replace(
          /^local disk \((.*)\)$/,
          '$1',
        ),
        key,
      );
    expect(fs.existsSync(file(stale.key))).toBe(true);
    expect(await removeStaleUploads({ db: ctx.database.db, storage: ctx.app.storage })).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file(stale.key))).toBe(false);
    expect(fs.existsSync(file(fresh.key))).toBe(true);
    const rows = await selectRows<{ key: string }>(
      ctx.database.db,
      sql`select key from uploads where key in (${stale.key}, ${fresh.key})`,
    );
    expect(rows.map((r) => r.key)).toEqual([fresh.key]);
  });
});
