import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, stopTestApp, type TestContext } from '../../test/harness';
import { signUpUser, uploadFile } from '../../test/fixtures';
import { jpegWithGps, pdfFile } from '../../test/files';
import { startS3StandIn } from '../../test/stand-ins';
import { storedKeysOf } from './image-keys';
import { createS3Storage } from './s3';

let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let ctx: TestContext;
const settings = () => ({
  bucket: s3.bucket,
  region: 'us-east-1',
  endpoint: s3.endpoint,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

beforeAll(async () => {
  s3 = await startS3StandIn();
  ctx = await startTestApp({ s3: settings() });
});
afterAll(async () => {
  await stopTestApp(ctx);
  await s3.close();
});

describe('S3 storage against a loopback S3 server', () => {
  it('takes a browser PUT through a presigned URL, reads, writes and removes', async () => {
    const storage = createS3Storage(settings());
    const key = 'private/incoming/1/abc123';
    const url = await storage.uploadUrl({
      key,
      contentType: 'application/pdf',
      maxBytes: 1024 * 1024,
      expiresInSeconds: 60,
    });
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/private/incoming/1/abc123\\?.*X-Amz-Signature=`));
    const put = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(pdfFile()),
    });
    expect(put.status).toBe(200);
    const read = await storage.read(key, 1024 * 1024);
    expect('bytes' in read && read.bytes.equals(pdfFile())).toBe(true);
    expect(await storage.read(key, 10)).toMatchObject({ tooLarge: true });
    expect(await storage.read('private/incoming/1/missing', 10)).toEqual({ missing: true });
    await storage.remove(key);
    expect(await storage.read(key, 1024 * 1024)).toEqual({ missing: true });
    await storage.remove(key); // a missing object is not an error
  });

  it('runs the whole onboarding flow with files kept in the bucket', async () => {
    const { token } = await signUpUser(ctx.app, undefined, { role: 'recipient' });
    const photo = await uploadFile(ctx.app, token, {
      purpose: 'profilePhoto',
      fileName: 'me.jpg',
      type: 'image/jpeg',
      bytes: await jpegWithGps(),
    });
    const id = await uploadFile(ctx.app, token, {
      purpose: 'idDocument',
      fileName: 'id.pdf',
      type: 'application/pdf',
      bytes: pdfFile(),
    });
    expect(photo.presignedUrl.startsWith(s3.endpoint)).toBe(true);
    expect([photo.putStatus, id.putStatus]).toEqual([200, 200]);
    const submit = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/recipient/submit',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        gender: 'Male',
        age: 15,
        stateOfOrigin: 'Kano',
        recipientBio: 'A secondary school student who needs a screen reader laptop.',
        employmentStatus: 'Student',
        idType: 'NIN',
        idHolder: 'parentOrGuardian',
        profilePhotoKey: photo.key,
        idDocumentKey: id.key,
      },
    });
    expect(submit.statusCode, submit.body).toBe(200);
    const profile = (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/profile/recipient',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(profile.id_holder).toBe('parentOrGuardian');
    const image = await ctx.app.inject({ method: 'GET', url: profile.profile_photo_url });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    const download = await ctx.app.inject({ method: 'GET', url: profile.id_document_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdfFile())).toBe(true);
    // The raw photo was removed from the bucket once its re-encoded copy was kept.
    expect(await ctx.app.storage.read(photo.key, 10 * 1024 * 1024)).toEqual({ missing: true });

    // Every size is in the bucket, served here for a year and marked so for a CDN reading the bucket;
    // removing the key removes them all.
    const key = (profile.profile_photo_url as string).replace(/^\/media\//, '');
    const sizes = storedKeysOf(key);
    expect(sizes.length).toBeGreaterThan(2);
    for (const each of sizes) {
      const reply = await ctx.app.inject({ method: 'GET', url: `/media/${each}` });
      expect(reply.statusCode, each).toBe(200);
      expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const object = await fetch(`${s3.endpoint}/${s3.bucket}/${sizes[1]}`);
    expect(object.status).toBe(200);
    expect(object.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    await ctx.app.storage.remove(key);
    for (const each of sizes)
      expect(await ctx.app.storage.read(each, 10 * 1024 * 1024), each).toEqual({ missing: true });
  });
});
