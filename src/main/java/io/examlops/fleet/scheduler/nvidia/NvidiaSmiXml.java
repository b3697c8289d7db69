package io.examlops.fleet.scheduler.nvidia;

import io.examlops.fleet.model.GpuInfo;
import io.examlops.fleet.scheduler.ProbeException;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Parses {@code nvidia-smi -q -x}. Every driver generation since the first DTD prints this form, so
 * it is the fallback for drivers whose {@code --query-gpu} lacks a field we ask for. It also
 * carries MIG instances and processes with their type, which the CSV query does not.
 *
 * <p>The output starts with {@code <!DOCTYPE nvidia_smi_log SYSTEM "nvsmi_device_vN.dtd">}, so
 * DOCTYPEs cannot simply be refused: the parser instead never loads external DTDs or entities and
 * expands no entity references (no XXE, no entity bombs).
 */
public final class NvidiaSmiXml {

  // The default handler prints recoverable errors to stderr; ours fails on them instead.
  private static final org.xml.sax.ErrorHandler RETHROW =
      new org.xml.sax.ErrorHandler() {
        @Override
        public void warning(SAXParseException e) {}

        @Override
        public void error(SAXParseException e) throws SAXException {
          throw e;
        }

        @Override
        public void fatalError(SAXParseException e) throws SAXException {
          throw e;
        }
      };

  private NvidiaSmiXml() {}

  /**
   * What the XML says.
   *
   * @param gpus one entry per {@code <gpu>}, in document order (nvidia-smi's index order)
   * @param driverVersion {@code <driver_version>}, or {@code null}
   * @param migDevices MIG instances with ids and memory
   * @param busyGpuUuids GPUs with at least one compute process ({@code C} or {@code C+G})
   */
  public record XmlReport(
      List<GpuInfo> gpus,
      String driverVersion,
      List<MigDevice> migDevices,
      Set<String> busyGpuUuids) {
    public XmlReport {
      gpus = List.copyOf(gpus);
      migDevices = List.copyOf(migDevices);
      busyGpuUuids = Set.copyOf(busyGpuUuids);
    }
  }

  /** Parses the output; malformed XML names its line and column, bad values their element. */
  public static XmlReport parse(String command, String output) {
    Document document = document(command, output);
    if (document.getDoctype() != null && document.getDoctype().getInternalSubset() != null) {
      // nvidia-smi only ever names its DTD; declarations inline are an attack or not nvidia-smi.
      throw new ProbeException(
          "`"
              + command
              + "` printed a DOCTYPE that declares entities; nvidia-smi never does."
              + " Check what runs as nvidia-smi on this host");
    }
    Element root = document.getDocumentElement();
    if (!root.getTagName().equals("nvidia_smi_log")) {
      throw new ProbeException(
          "`" + command + "` printed <" + root.getTagName() + ">, expected <nvidia_smi_log>");
    }
    List<GpuInfo> gpus = new ArrayList<>();
    List<MigDevice> migs = new ArrayList<>();
    Set<String> busy = new LinkedHashSet<>();
    int index = 0;
    for (Element gpu : children(root, "gpu")) {
      GpuInfo info = gpu(command, gpu, index++);
      gpus.add(info);
      migs.addAll(migDevices(command, gpu, info));
      if (info.uuid() != null && hasComputeProcess(gpu)) {
        busy.add(info.uuid());
      }
    }
    String driver = text(root, "driver_version");
    return new XmlReport(
        gpus, driver == null || SmiValues.unknown(driver) ? null : driver, migs, busy);
  }

  private static GpuInfo gpu(String command, Element gpu, int index) {
    String name = text(gpu, "product_name");
    String uuid = text(gpu, "uuid");
    String total = path(gpu, "fb_memory_usage", "total");
    String used = path(gpu, "fb_memory_usage", "used");
    String util = path(gpu, "utilization", "gpu_util");
    String mig = path(gpu, "mig_mode", "current_mig");
    boolean online =
        java.util.stream.Stream.of(name, uuid, total, used, util)
            .noneMatch(v -> v != null && SmiValues.signalsFault(v));
    try {
      return new GpuInfo(
          null,
          index,
          uuid == null || SmiValues.unknown(uuid) ? null : uuid.strip(),
          name == null || SmiValues.unknown(name) ? "unknown" : name.strip(),
          total == null ? null : SmiValues.mib(total),
          used == null ? null : SmiValues.mib(used),
          util == null ? null : SmiValues.percent(util),
          online,
          mig != null && SmiValues.enabled(mig));
    } catch (IllegalArgumentException e) {
      throw bad(command, gpu, e.getMessage());
    }
  }

  private static List<MigDevice> migDevices(String command, Element gpu, GpuInfo parent) {
    List<MigDevice> result = new ArrayList<>();
    Element list = child(gpu, "mig_devices");
    if (list == null) {
      return result;
    }
    for (Element mig : children(list, "mig_device")) {
      try {
        result.add(
            new MigDevice(
                parent.index(),
                parent.uuid(),
                Integer.parseInt(required(mig, "index")),
                null,
                null,
                integer(text(mig, "gpu_instance_id")),
                integer(text(mig, "compute_instance_id")),
                nullableMib(path(mig, "fb_memory_usage", "total")),
                nullableMib(path(mig, "fb_memory_usage", "used"))));
      } catch (IllegalArgumentException e) {
        throw bad(command, gpu, "in <mig_device>: " + e.getMessage());
      }
    }
    return result;
  }

  // Graphics-only clients (Xorg, a desktop compositor) do not stop a compute job from starting.
  private static boolean hasComputeProcess(Element gpu) {
    Element processes = child(gpu, "processes");
    if (processes == null) {
      return false;
    }
    for (Element process : children(processes, "process_info")) {
      String type = text(process, "type");
      if (type == null || type.strip().startsWith("C") || SmiValues.unknown(type)) {
        return true;
      }
    }
    return false;
  }

  private static Document document(String command, String output) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
      f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
      f.setXIncludeAware(false);
      f.setExpandEntityReferences(false);
      f.setNamespaceAware(false);
      DocumentBuilder builder = f.newDocumentBuilder();
      builder.setErrorHandler(RETHROW);
      builder.setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
      return builder.parse(new InputSource(new StringReader(output)));
    } catch (SAXParseException e) {
      throw new ProbeException(
          "cannot read the XML of `"
              + command
              + "` at line "
              + e.getLineNumber()
              + ", column "
              + e.getColumnNumber()
              + ": "
              + e.getMessage()
              + "; run it by hand and check that it prints a complete <nvidia_smi_log>",
          e);
    } catch (SAXException | IOException e) {
      throw new ProbeException("cannot read the XML of `" + command + "`: " + e.getMessage(), e);
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("the JDK XML parser lacks a security feature", e);
    }
  }

  private static ProbeException bad(String command, Element gpu, String problem) {
    return new ProbeException(
        "cannot read <gpu id=\""
            + gpu.getAttribute("id")
            + "\"> in the XML of `"
            + command
            + "`: "
            + problem);
  }

  private static Long nullableMib(String value) {
    return value == null ? null : SmiValues.mib(value);
  }

  private static Integer integer(String value) {
    if (value == null || SmiValues.unknown(value)) {
      return null;
    }
    try {
      return Integer.valueOf(value.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("expected a whole number, got '" + value.strip() + "'");
    }
  }

  private static String required(Element parent, String name) {
    String value = text(parent, name);
    if (value == null) {
      throw new IllegalArgumentException("<" + name + "> is missing");
    }
    return value.strip();
  }

  /** Text of a nested element, e.g. {@code fb_memory_usage/total}; null when absent. */
  private static String path(Element parent, String... names) {
    Element e = parent;
    for (int i = 0; i < names.length - 1 && e != null; i++) {
      e = child(e, names[i]);
    }
    return e == null ? null : text(e, names[names.length - 1]);
  }

  private static String text(Element parent, String name) {
    Element e = child(parent, name);
    return e == null ? null : e.getTextContent();
  }

  private static Element child(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> result = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && e.getTagName().equals(name)) {
        result.add(e);
      }
    }
    return result;
  }
}
