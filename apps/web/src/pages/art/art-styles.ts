// The art pages' styles: the uploads' pieces (viewer, tray, 18+ cover), the forum's editor and
// post text, and the art section's own.
import '../../styles/chat-composer.css';
import '../../styles/uploads.css';
import '../../styles/forum.css';
import '../../styles/art.css';
