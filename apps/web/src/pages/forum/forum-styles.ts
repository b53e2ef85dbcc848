// The forum pages' styles: the chat's reactions, smiley picker and upload pieces, and its own.
import '../../styles/chat-message-actions.css';
import '../../styles/chat-composer.css';
import '../../styles/uploads.css';
import '../../styles/profiles.css';
import '../../styles/forum.css';
