// What the composer accepts as an attachment: the rules shared with `lena chat --file`.
export {
  checkAttachment,
  IMAGE_TYPES,
  MAX_ATTACHMENTS,
  MAX_IMAGE_BYTES,
  MAX_PDF_BYTES,
  MAX_TEXT_BYTES,
  type AttachmentCheck,
  type FileFacts,
} from '../../shared/chat/attachment-rules';
